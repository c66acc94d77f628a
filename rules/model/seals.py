"""Sealed secrets: passphrase keys and the encrypted parts of a campaign file.

Each Team and the GM may hold a *seal key*: an X25519 key pair whose private half is stored in
the file encrypted with a key derived from the holder's passphrase (scrypt), so only the
passphrase opens it. What only some may know is stored as a *sealed blob*: encrypted (AES-GCM)
with a fresh data key, which is wrapped for each recipient by an X25519 exchange with a fresh
ephemeral key. Sealing needs only the recipients' public keys, so the app seals a Team's secret
on every save without that Team's passphrase; opening needs a recipient's private key.

The ``cryptography`` package does the cryptography (it loads only when a file uses seals).
Threat model: docs/SECRETS.md (hot-seat players and shared files, not a hostile computer).
"""
from __future__ import annotations

import base64
import os
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated

from pydantic import AfterValidator, Field, StrictInt, StrictStr

from rules.errors import RuleError
from rules.model.types import Strict

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

GM = "gm"
"""The name of the Game Master's key (the others are Team ids)."""
MIN_PASSPHRASE = 8
LOG_N = 15
"""scrypt's cost: 2**15 rounds (32 MiB, ~0.1 s): once per passphrase typed, never per save."""
_INFO = b"battlehex sealed secrets v1"
_ZERO_NONCE = bytes(12)  # a wrapping key is used once (a fresh ephemeral key per blob)


def _b64(size: int | None) -> AfterValidator:
    def check(text: str) -> str:
        try:
            raw = base64.b64decode(text, validate=True)
        except ValueError:
            raise ValueError("not base64 text") from None
        if size is not None and len(raw) != size:
            raise ValueError(f"holds {len(raw)} bytes, not {size}")
        return text
    return AfterValidator(check)


class SealKey(Strict):
    """A holder's seal key as the file stores it (nothing here opens a secret without the
    passphrase)."""

    public: Annotated[StrictStr, _b64(32)] = Field(description="the X25519 public key")
    private: Annotated[StrictStr, _b64(12 + 32 + 16)] = Field(
        description="the private key, AES-GCM encrypted with the passphrase's scrypt key")
    salt: Annotated[StrictStr, _b64(16)]
    log_n: StrictInt = Field(LOG_N, ge=10, le=17, description="scrypt cost (2**log_n)")


class SealedBlob(Strict):
    """Secrets for ``to`` (a Team and/or the GM), encrypted; the file's ``sealed`` list."""

    to: list[StrictStr] = Field(min_length=1)
    ephemeral: Annotated[StrictStr, _b64(32)]
    keys: dict[StrictStr, Annotated[StrictStr, _b64(32 + 16)]] = Field(min_length=1)
    nonce: Annotated[StrictStr, _b64(12)]
    data: Annotated[StrictStr, _b64(None)]


class WrongPassphrase(RuleError):
    """The passphrase does not open the key."""


class Keyring:
    """The private keys opened this session, by holder name (a Team id or ``"gm"``)."""

    def __init__(self) -> None:
        self._keys: dict[str, X25519PrivateKey] = {}

    def add(self, name: str, key: X25519PrivateKey) -> None:
        self._keys[name] = key

    def update(self, other: Keyring) -> None:
        """Hold ``other``'s keys too."""
        self._keys.update(other._keys)

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


def _encrypt_private(key: X25519PrivateKey, passphrase: str, log_n: int) -> SealKey:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat
    salt, nonce = os.urandom(16), os.urandom(12)
    raw = key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    box = nonce + AESGCM(_kek(passphrase, salt, log_n)).encrypt(nonce, raw, public)
    return SealKey(public=_enc(public), private=_enc(box), salt=_enc(salt), log_n=log_n)


def new_key(passphrase: str, log_n: int = LOG_N) -> tuple[SealKey, X25519PrivateKey]:
    """A new seal key opened by ``passphrase`` (the file's record and the open private key)."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
    problem = passphrase_problem(passphrase)
    if problem:
        raise WrongPassphrase("passphrase", problem)
    key = X25519PrivateKey.generate()
    return _encrypt_private(key, passphrase, log_n), key


def rekey(key: X25519PrivateKey, passphrase: str, log_n: int = LOG_N) -> SealKey:
    """The same key pair under a new passphrase (what was sealed for it stays readable)."""
    problem = passphrase_problem(passphrase)
    if problem:
        raise WrongPassphrase("passphrase", problem)
    return _encrypt_private(key, passphrase, log_n)


def unlock(record: SealKey, passphrase: str, holder: str = "") -> X25519PrivateKey:
    """The private key of ``record``.

    Raises:
        WrongPassphrase: the passphrase does not open it.
    """
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    box, public = _dec(record.private), _dec(record.public)
    try:
        raw = AESGCM(_kek(passphrase, _dec(record.salt), record.log_n)).decrypt(box[:12], box[12:], public)
    except InvalidTag:
        raise WrongPassphrase("passphrase", f"that is not the passphrase of {holder or 'this key'}") from None
    return X25519PrivateKey.from_private_bytes(raw)


def _wrapping_key(shared: bytes, ephemeral: bytes, public: bytes) -> bytes:
    from cryptography.hazmat.primitives.hashes import SHA256
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    return HKDF(SHA256(), 32, ephemeral + public, _INFO).derive(shared)


def _aad(to: Iterable[str]) -> bytes:
    return _INFO + b"|" + ",".join(to).encode()


def seal(plain: bytes, to: dict[str, SealKey]) -> SealedBlob:
    """``plain`` encrypted for the holders of ``to``'s keys."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    names = sorted(to)
    eph = X25519PrivateKey.generate()
    eph_pub = eph.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    data_key, nonce = AESGCM.generate_key(256), os.urandom(12)
    wrapped = {}
    for n in names:
        public = _dec(to[n].public)
        kek = _wrapping_key(eph.exchange(X25519PublicKey.from_public_bytes(public)), eph_pub, public)
        wrapped[n] = _enc(AESGCM(kek).encrypt(_ZERO_NONCE, data_key, _aad(names)))
    data = AESGCM(data_key).encrypt(nonce, plain, _aad(names))
    return SealedBlob(to=names, ephemeral=_enc(eph_pub), keys=wrapped, nonce=_enc(nonce), data=_enc(data))


def open_blob(blob: SealedBlob, keyring: Keyring) -> bytes | None:
    """``blob``'s plain bytes, or ``None`` when no key of ``keyring`` opens it.

    Raises:
        WrongPassphrase: a key of ``keyring`` is a recipient but the blob does not open with it
            (the file was changed by hand).
    """
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PublicKey
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    for n in blob.to:
        key = keyring.get(n)
        if key is None or n not in blob.keys:
            continue
        public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        eph = _dec(blob.ephemeral)
        kek = _wrapping_key(key.exchange(X25519PublicKey.from_public_bytes(eph)), eph, public)
        try:
            data_key = AESGCM(kek).decrypt(_ZERO_NONCE, _dec(blob.keys[n]), _aad(blob.to))
            return AESGCM(data_key).decrypt(_dec(blob.nonce), _dec(blob.data), _aad(blob.to))
        except InvalidTag:
            raise WrongPassphrase("sealed", f"the secrets sealed for {', '.join(blob.to)} do not open with "
                                            f"{n}'s key: the file was changed after it was saved") from None
    return None


def _enc(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def _dec(text: str) -> bytes:
    return base64.b64decode(text)
