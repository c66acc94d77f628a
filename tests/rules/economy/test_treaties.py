"""Seed 004 treaties: prerequisites, declarations breaking everything, the alliance cascade, armistice."""
from __future__ import annotations

import pytest

from rules.economy.diplomacy import Treaty as T
from rules.economy.treaties import Relations, declare, pair, sign, why_not_sign, withdraw


def rel(**pairs: set[T]) -> Relations:
    return Relations({pair(*k.split("_")): frozenset(v) for k, v in pairs.items()})


def test_no_contact_no_treaty_and_normal_relations_allow_a_non_aggression_treaty():
    r = Relations({})
    assert "no contact" in (why_not_sign(r, T.NON_AGGRESSION, "fed", "kli") or "")
    r = rel(fed_kli=set())
    assert why_not_sign(r, T.NON_AGGRESSION, "fed", "kli") is None
    assert sign(r, T.NON_AGGRESSION, "fed", "kli").between("kli", "fed") == {T.NON_AGGRESSION}


@pytest.mark.parametrize("treaty, needs", [(T.PEACE, T.NON_AGGRESSION), (T.TRADE, T.NON_AGGRESSION),
                                           (T.MUTUAL_DEFENSE, T.PEACE)])
def test_prerequisites(treaty, needs):
    assert f"needs a {needs.title}" in (why_not_sign(rel(fed_kli=set()), treaty, "fed", "kli") or "")
    have = {T.NON_AGGRESSION} | ({T.PEACE} if needs is T.PEACE else set())
    assert why_not_sign(rel(fed_kli=have), treaty, "fed", "kli") is None


def test_a_treaty_already_in_force_or_a_declaration_is_not_signed():
    assert "already in force" in (why_not_sign(rel(fed_kli={T.NON_AGGRESSION}), T.NON_AGGRESSION, "fed", "kli") or "")
    assert "declared, not signed" in (why_not_sign(rel(fed_kli=set()), T.WAR, "fed", "kli") or "")


def test_under_a_declaration_only_an_armistice_is_signed_and_it_restores_normal_relations():
    r = rel(fed_kli={T.WAR})
    assert "sign an Armistice first" in (why_not_sign(r, T.NON_AGGRESSION, "fed", "kli") or "")
    assert sign(r, T.ARMISTICE, "fed", "kli").between("fed", "kli") == frozenset()
    assert "none stands" in (why_not_sign(rel(fed_kli=set()), T.ARMISTICE, "fed", "kli") or "")


def test_co_belligerence_needs_non_aggression_and_a_common_enemy_at_war():
    r = rel(fed_gor={T.NON_AGGRESSION}, fed_kli={T.WAR}, gor_kli={T.HOSTILITIES})
    assert "at war with" in (why_not_sign(r, T.CO_BELLIGERENCE, "fed", "gor") or "")
    r = rel(fed_gor={T.NON_AGGRESSION}, fed_kli={T.WAR}, gor_kli={T.WAR})
    assert why_not_sign(r, T.CO_BELLIGERENCE, "fed", "gor") is None


def test_an_alliance_needs_mutual_defense_with_every_member_their_consent_and_one_alliance_each():
    mdt = {T.NON_AGGRESSION, T.PEACE, T.MUTUAL_DEFENSE}
    r = rel(fed_gor=mdt | {T.ALLIANCE}, fed_kzi=mdt, gor_kzi={T.NON_AGGRESSION})
    assert "has none with gor" in (why_not_sign(r, T.ALLIANCE, "fed", "kzi", {"gor"}) or "")
    r = rel(fed_gor=mdt | {T.ALLIANCE}, fed_kzi=mdt, gor_kzi=mdt)
    assert "gor did not" in (why_not_sign(r, T.ALLIANCE, "fed", "kzi") or "")
    after = sign(r, T.ALLIANCE, "fed", "kzi", {"gor"})
    assert after.alliance_of("kzi") == {"fed", "gor"} and after.alliance_of("gor") == {"fed", "kzi"}
    two = rel(fed_gor=mdt | {T.ALLIANCE}, kli_rom=mdt | {T.ALLIANCE}, fed_kli=mdt)
    assert "one alliance at a time" in (why_not_sign(two, T.ALLIANCE, "fed", "kli") or "")


def test_a_declaration_breaks_every_treaty_and_reaches_the_whole_alliance():
    mdt = {T.NON_AGGRESSION, T.PEACE, T.MUTUAL_DEFENSE}
    r = rel(fed_gor=mdt | {T.ALLIANCE}, kli_fed={T.NON_AGGRESSION, T.TRADE}, kli_gor=set())
    after, reached = declare(r, T.HOSTILITIES, "kli", "fed")
    assert reached == ("fed", "gor")
    assert after.between("kli", "fed") == {T.HOSTILITIES} and after.between("kli", "gor") == {T.HOSTILITIES}
    assert after.between("fed", "gor") == mdt | {T.ALLIANCE}
    war, _ = declare(after, T.WAR, "kli", "fed")
    assert war.between("kli", "fed") == {T.WAR}
    back, _ = declare(war, T.HOSTILITIES, "kli", "fed")  # War includes Hostilities: it stays War
    assert back.between("kli", "fed") == {T.WAR}


def test_declaring_on_an_alliance_partner_or_without_contact_is_refused():
    with pytest.raises(ValueError, match="Alliance partner"):
        declare(rel(fed_gor={T.ALLIANCE}), T.WAR, "fed", "gor")
    with pytest.raises(ValueError, match="no contact"):
        declare(Relations({}), T.WAR, "fed", "gor")
    with pytest.raises(ValueError):
        declare(rel(fed_gor=set()), T.PEACE, "fed", "gor")
    with pytest.raises(ValueError):
        pair("fed", "fed")


def test_breaking_a_treaty_takes_the_treaties_that_needed_it():
    r = rel(fed_gor={T.NON_AGGRESSION, T.PEACE, T.MUTUAL_DEFENSE, T.ALLIANCE, T.TRADE})
    assert withdraw(r, T.PEACE, "fed", "gor").between("fed", "gor") == {T.NON_AGGRESSION, T.TRADE}
    assert withdraw(r, T.NON_AGGRESSION, "fed", "gor").between("fed", "gor") == frozenset()
    assert withdraw(r, T.ALLIANCE, "fed", "gor").between("fed", "gor") == \
        {T.NON_AGGRESSION, T.PEACE, T.MUTUAL_DEFENSE, T.TRADE}
    with pytest.raises(ValueError):
        withdraw(r, T.WAR, "fed", "gor")


def test_signing_keeps_what_stands_and_an_alliance_is_the_same_from_either_side():
    assert sign(rel(fed_kli={T.NON_AGGRESSION}), T.PEACE, "fed", "kli").between("fed", "kli") == \
        {T.NON_AGGRESSION, T.PEACE}
    mdt = {T.NON_AGGRESSION, T.PEACE, T.MUTUAL_DEFENSE}
    r = rel(fed_gor=mdt | {T.ALLIANCE}, fed_kzi=mdt, gor_kzi=mdt)
    assert "gor did not" in (why_not_sign(r, T.ALLIANCE, "kzi", "fed") or "")
    after = sign(r, T.ALLIANCE, "kzi", "fed", {"gor"})
    assert after.between("gor", "kzi") == mdt | {T.ALLIANCE} and after.alliance_of("kzi") == {"fed", "gor"}
    short = rel(fed_gor=mdt | {T.ALLIANCE}, fed_kzi=mdt, gor_kzi={T.NON_AGGRESSION})
    assert "kzi has none with gor" in (why_not_sign(short, T.ALLIANCE, "kzi", "fed", {"gor"}) or "")


def test_only_a_treaty_that_stands_is_broken():
    with pytest.raises(ValueError, match="no Trade Treaty stands"):
        withdraw(rel(fed_kli={T.NON_AGGRESSION}), T.TRADE, "fed", "kli")
    with pytest.raises(ValueError, match="no Declaration of War stands"):
        withdraw(rel(fed_kli={T.WAR}), T.WAR, "fed", "kli")


def test_breaking_non_aggression_ends_the_whole_chain_in_one_go():
    r = rel(fed_gor={T.NON_AGGRESSION, T.PEACE, T.MUTUAL_DEFENSE, T.ALLIANCE, T.TRADE, T.CO_BELLIGERENCE})
    assert withdraw(r, T.NON_AGGRESSION, "fed", "gor").between("fed", "gor") == frozenset()
