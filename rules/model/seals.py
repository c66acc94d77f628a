"""Sealed secrets: passphrase keys and the encrypted parts of a campaign file.

Each Team and the GM may hold a *seal key*: an X25519 key pair whose private half is stored in
the file encrypted with a key derived from the holder's passphrase (scrypt), so only the
passphrase opens it. What only some may know is stored as a *sealed blob*: encrypted (AES-GCM)
with a fresh data key, which is wrapped for each recipient by an X25519 exchange with a fresh
ephemeral key. Sealing needs only the recipients' public keys, so the app seals a Team's secret
on every save without that Team's passphrase; opening needs a recipient's private key.

Format 2 (issue 20): the GM's key also signs (Ed25519, derived from its private key) the key
records (:mod:`rules.model.key_book`); a Team's wrapped key holds the GM's signing key it was
made under (a replaced GM key is seen by every Team); scrypt costs at least 2**:data:`LOG_N`;
a blob's associated data names its campaign, save and recipients. Format-1 records (before
issue 20) still open and are upgraded at the next save (:mod:`rules.model.seal_upgrade`).

The ``cryptography`` package does the cryptography (it loads only when a file uses seals).
Threat model: docs/SECRETS.md.
"""
from __future__ import annotations

import base64
import os
import unicodedata
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import AfterValidator, Field, StrictInt, StrictStr, model_validator

from rules.errors import RuleError
from rules.model.types import Strict

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

GM = "gm"
"""The name of the Game Master's key (the others are Team ids)."""
LOG_RULE = "Secrets"
"""The citation of the campaign log's lines about passphrases and seals (File > Passphrases): a
section a person reads, not the file path "docs/SECRETS.md" they were written under (issue 22)."""
MIN_PASSPHRASE = 8
LOG_N = 17
"""scrypt's cost, 2**17 rounds (128 MiB, ~0.5 s), once per passphrase typed: what new keys use and
the floor a format-2 record may not go below. Only the test suite lowers it (tests/conftest.py
sets this module attribute); no file can."""
LEGACY_LOG_N = 15
"""The one cost format-1 records were written with (a file's other values are refused)."""
MAX_LOG_N = 18
"""The highest cost a file may ask for (2**18: 256 MiB per passphrase typed)."""
_INFO = b"battlehex sealed secrets v1"
_INFO2 = b"battlehex sealed secrets v2"
_KEY2 = b"battlehex seal key v2"
_SIGNING = b"battlehex gm signing key v2"
_ZERO_NONCE = bytes(12)  # a wrapping key is used once (a fresh ephemeral key per blob)
NO_PIN = bytes(32)
"""The pin of a Team key made while the GM held none."""


def _b64(*sizes: int) -> AfterValidator:
    def check(text: str) -> str:
        try:
            raw = base64.b64decode(text, validate=True)
        except ValueError:
            raise ValueError("not base64 text") from None
        if sizes and len(raw) not in sizes:
            raise ValueError(f"holds {len(raw)} bytes, not {' or '.join(map(str, sizes))}")
        return text
    return AfterValidator(check)


class SealKey(Strict):
    """A holder's seal key as the file stores it (nothing here opens a secret without the
    passphrase). ``v`` 2 (issue 20) holds the GM's signing key pin and costs at least
    2**:data:`LOG_N`; a record without ``v`` is format 1."""

    v: Literal[2] | None = None
    public: Annotated[StrictStr, _b64(32)] = Field(description="the X25519 public key")
    private: Annotated[StrictStr, _b64(12 + 32 + 16, 12 + 64 + 16)] = Field(
        description="the private key (and, format 2, the GM's signing key it was made under), AES-GCM "
                    "encrypted with the passphrase's scrypt key")
    salt: Annotated[StrictStr, _b64(16)]
    log_n: StrictInt = Field(LEGACY_LOG_N, ge=1, le=MAX_LOG_N, description="scrypt cost (2**log_n)")
    sign: Annotated[StrictStr, _b64(32)] | None = Field(
        None, description="the GM's Ed25519 public key, which signs the key records (the GM's record only)")

    @model_validator(mode="after")
    def _format(self) -> SealKey:
        if self.v == 2:
            if self.log_n < LOG_N:
                raise ValueError(f"log_n {self.log_n} is below the floor {LOG_N}: a file cannot lower the cost "
                                 "of guessing a passphrase")
            if len(_dec(self.private)) != 12 + 64 + 16:
                raise ValueError("private: not a format-2 wrapped key")
        else:
            if self.log_n != LEGACY_LOG_N:
                raise ValueError(f"log_n {self.log_n}: a format-1 key record was written with {LEGACY_LOG_N} "
                                 "(a file cannot lower the cost of guessing a passphrase)")
            if self.sign is not None or len(_dec(self.private)) != 12 + 32 + 16:
                raise ValueError("not a format-1 key record (no v, yet format-2 parts)")
        return self


class SealedBlob(Strict):
    """Secrets for ``to`` (a Team and/or the GM), encrypted; in the file's ``sealed`` part. A
    format-2 blob names the save it was made by (``save``, bound to it with the campaign)."""

    to: list[StrictStr] = Field(min_length=1)
    save: StrictInt | None = Field(None, ge=0, lt=2**63)
    ephemeral: Annotated[StrictStr, _b64(32)]
    keys: dict[StrictStr, Annotated[StrictStr, _b64(32 + 16)]] = Field(min_length=1)
    nonce: Annotated[StrictStr, _b64(12)]
    data: Annotated[StrictStr, _b64()]


class WrongPassphrase(RuleError):
    """The passphrase does not open the key."""


class KeyChanged(WrongPassphrase):
    """A key opened, but the file's key records are not those it was made with."""


class Keyring:
    """The private keys opened this session, by holder name (a Team id or ``"gm"``), and the
    passphrases typed for them (a format-1 key is wrapped anew at the next save)."""

    def __init__(self) -> None:
        self._keys: dict[str, X25519PrivateKey] = {}
        self.passphrases: dict[str, str] = {}

    def add(self, name: str, key: X25519PrivateKey, passphrase: str | None = None) -> None:
        self._keys[name] = key
        if passphrase is not None:
            self.passphrases[name] = passphrase

    def update(self, other: Keyring) -> None:
        """Hold ``other``'s keys too."""
        self._keys.update(other._keys)
        self.passphrases.update(other.passphrases)

    def get(self, name: str) -> X25519PrivateKey | None:
        return self._keys.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._keys

    @property
    def names(self) -> list[str]:
        return sorted(self._keys)

    def opens(self, blob: SealedBlob) -> bool:
        """Whether a key held here is one of ``blob``'s recipients."""
        return any(n in self._keys and n in blob.keys for n in blob.to)


def passphrase_problem(passphrase: str) -> str:
    """Why ``passphrase`` may not be set ("" when it may)."""
    if len(passphrase.strip()) < MIN_PASSPHRASE:
        return f"a passphrase needs at least {MIN_PASSPHRASE} characters"
    return ""


def _kek(passphrase: str, salt: bytes, log_n: int) -> bytes:
    from cryptography.hazmat.primitives.kdf.scrypt import Scrypt
    text = unicodedata.normalize("NFC", passphrase).encode()
    return Scrypt(salt=salt, length=32, n=2**log_n, r=8, p=1).derive(text)


def _public(key: X25519PrivateKey) -> bytes:
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def _key_aad(public: bytes, log_n: int) -> bytes:
    return _KEY2 + b"|" + public + log_n.to_bytes(1, "big")


def signing_key(key: X25519PrivateKey) -> Ed25519PrivateKey:
    """The GM's Ed25519 signing key, derived from the GM's seal key (a new passphrase keeps it)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.hashes import SHA256
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat
    raw = key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
    return Ed25519PrivateKey.from_private_bytes(HKDF(SHA256(), 32, None, _SIGNING).derive(raw))


def signing_public(key: X25519PrivateKey) -> str:
    """The GM's signing key's public half, as the GM's record stores it."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    return _enc(signing_key(key).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))


def _check_log_n(log_n: int | None) -> int:
    log_n = LOG_N if log_n is None else log_n
    if not LOG_N <= log_n <= MAX_LOG_N:
        raise ValueError(f"scrypt cost 2**{log_n} is outside 2**{LOG_N}-2**{MAX_LOG_N}")
    return log_n


def wrap(key: X25519PrivateKey, passphrase: str, holder: str, pin: bytes = NO_PIN,
         log_n: int | None = None) -> SealKey:
    """A format-2 record of ``key`` under ``passphrase``: the GM's carries its signing key; a
    Team's, ``pin`` (the GM's signing key when it was made; :data:`NO_PIN` when none).

    Raises:
        WrongPassphrase: a passphrase too short.
    """
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat
    problem = passphrase_problem(passphrase)
    if problem:
        raise WrongPassphrase("passphrase", problem)
    cost = _check_log_n(log_n)
    salt, nonce = os.urandom(16), os.urandom(12)
    raw = key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
    public = _public(key)
    if holder == GM:
        pin = NO_PIN
    box = nonce + AESGCM(_kek(passphrase, salt, cost)).encrypt(nonce, raw + pin, _key_aad(public, cost))
    return SealKey(v=2, public=_enc(public), private=_enc(box), salt=_enc(salt), log_n=cost,
                   sign=signing_public(key) if holder == GM else None)


def new_key(passphrase: str, log_n: int | None = None, holder: str = GM,
            pin: bytes = NO_PIN) -> tuple[SealKey, X25519PrivateKey]:
    """A new seal key opened by ``passphrase`` (the file's record and the open private key)."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
    problem = passphrase_problem(passphrase)
    if problem:
        raise WrongPassphrase("passphrase", problem)
    key = X25519PrivateKey.generate()
    return wrap(key, passphrase, holder, pin, log_n), key


def rekey(key: X25519PrivateKey, passphrase: str, log_n: int | None = None, holder: str = GM,
          pin: bytes = NO_PIN) -> SealKey:
    """The same key pair under a new passphrase (what was sealed for it stays readable)."""
    return wrap(key, passphrase, holder, pin, log_n)


def pin_of(keys: dict[str, SealKey]) -> bytes:
    """What a Team key made now pins: the GM's signing key (:data:`NO_PIN` when the GM holds none)."""
    gm = keys.get(GM)
    return _dec(gm.sign) if gm is not None and gm.sign is not None else NO_PIN


def unlock(record: SealKey, passphrase: str, holder: str = "", keys: dict[str, SealKey] | None = None
           ) -> X25519PrivateKey:
    """The private key of ``record``; with ``keys`` (the file's records), checked against them:
    the GM's signing key is the one the GM's record names, a Team's pin the GM's key in ``keys``.

    Raises:
        WrongPassphrase: the passphrase does not open it.
        KeyChanged: it opens, but the GM's key record is not the one it was made with.
    """
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    box, public = _dec(record.private), _dec(record.public)
    aad = public if record.v is None else _key_aad(public, record.log_n)
    try:
        raw = AESGCM(_kek(passphrase, _dec(record.salt), record.log_n)).decrypt(box[:12], box[12:], aad)
    except InvalidTag:
        raise WrongPassphrase("passphrase", f"that is not the passphrase of {holder or 'this key'}") from None
    key = X25519PrivateKey.from_private_bytes(raw[:32])
    if _public(key) != public:
        raise KeyChanged("keys", f"the key record of {holder or 'this key'} does not hold its own key")
    if record.sign is not None and signing_public(key) != record.sign:
        raise KeyChanged("keys", f"the signing key in the key record of {holder or 'the GM'} is not the GM's: "
                                 "the file was changed")
    pin = raw[32:]
    if keys is not None and record.v == 2 and record.sign is None and pin != NO_PIN and pin != pin_of(keys):
        raise KeyChanged("keys", f"the GM's key record is not the one the key of {holder or 'this holder'} was "
                                 "made with: the GM's key was replaced or removed (the file was changed)")
    return key


def _wrapping_key(shared: bytes, ephemeral: bytes, public: bytes) -> bytes:
    from cryptography.hazmat.primitives.hashes import SHA256
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    return HKDF(SHA256(), 32, ephemeral + public, _INFO).derive(shared)


def _aad(to: list[str], context: bytes | None) -> bytes:
    """Format 1 (``context`` None): the recipients; format 2: the campaign, save and place too."""
    names = ",".join(to).encode()
    return _INFO + b"|" + names if context is None else _INFO2 + b"|" + context + b"|to=" + names


def blob_context(campaign: str, save: int) -> bytes:
    """What a format-2 blob is bound to besides its recipients: its campaign and its save."""
    return f"campaign={campaign}|save={save}".encode()


def seal(plain: bytes, to: dict[str, SealKey], campaign: str | None = None, save: int = 0) -> SealedBlob:
    """``plain`` encrypted for the holders of ``to``'s keys; bound to ``campaign`` and ``save``
    (format 2) unless ``campaign`` is ``None`` (format 1, for tests of old files)."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    names = sorted(to)
    context = None if campaign is None else blob_context(campaign, save)
    eph = X25519PrivateKey.generate()
    eph_pub = _public(eph)
    data_key, nonce = AESGCM.generate_key(256), os.urandom(12)
    wrapped = {}
    for n in names:
        public = _dec(to[n].public)
        kek = _wrapping_key(eph.exchange(X25519PublicKey.from_public_bytes(public)), eph_pub, public)
        wrapped[n] = _enc(AESGCM(kek).encrypt(_ZERO_NONCE, data_key, _aad(names, context)))
    data = AESGCM(data_key).encrypt(nonce, plain, _aad(names, context))
    return SealedBlob(to=names, save=None if campaign is None else save, ephemeral=_enc(eph_pub), keys=wrapped,
                      nonce=_enc(nonce), data=_enc(data))


def open_blob(blob: SealedBlob, keyring: Keyring, campaign: str | None = None) -> bytes | None:
    """``blob``'s plain bytes, or ``None`` when no key of ``keyring`` opens it; a format-2 blob
    opens only in ``campaign`` at its own ``save`` (the caller checks that is the file's).

    Raises:
        WrongPassphrase: a key of ``keyring`` is a recipient but the blob does not open with it
            (the file was changed by hand, or the blob comes from another campaign).
    """
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PublicKey
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    context = None if campaign is None else blob_context(campaign, blob.save or 0)
    for n in blob.to:
        key = keyring.get(n)
        if key is None or n not in blob.keys:
            continue
        public = _public(key)
        eph = _dec(blob.ephemeral)
        kek = _wrapping_key(key.exchange(X25519PublicKey.from_public_bytes(eph)), eph, public)
        try:
            data_key = AESGCM(kek).decrypt(_ZERO_NONCE, _dec(blob.keys[n]), _aad(blob.to, context))
            return AESGCM(data_key).decrypt(_dec(blob.nonce), _dec(blob.data), _aad(blob.to, context))
        except InvalidTag:
            raise WrongPassphrase("sealed", f"the secrets sealed for {', '.join(blob.to)} do not open with "
                                            f"the key held by {n}: they were changed after they were saved, or come from "
                                            "another campaign") from None
    return None


def _enc(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def _dec(text: str) -> bytes:
    return base64.b64decode(text)
