"""One test per rule of the book (seed 001), each citing its section; RULES.md has the
digital adaptations and choices these tests pin down."""

from __future__ import annotations

import pytest
from conquetes_helpers import (
    BOT,
    IDS,
    arrange,
    cards,
    everywhere,
    idx,
    is_legal,
    names,
    new_match,
    of_type,
)

from engines.conquetes import GAME
from engines.conquetes.actions import (
    AddSupport,
    Attack,
    CommitSupport,
    DiscardCard,
    DrawTwo,
    GiveCard,
    PlayRegion,
)
from engines.conquetes.events import (
    AttackDeclared,
    AttackResolved,
    BotDrew,
    BotScored,
    CardGiven,
    CardsDealt,
    CardsDrawn,
    DeckExhausted,
    DeckReshuffled,
    Scored,
    SupportCommitted,
    SupportRevealed,
    TurnStarted,
)
from engines.conquetes.scoring import best_territory
from engines.core import IllegalAction, visible_event, visible_events

ADD = AddSupport
COMMIT = CommitSupport()


def refused(match, seat, action, reason: str) -> None:
    """``action`` raises IllegalAction naming ``reason`` and leaves the match unchanged."""
    before = match.snapshot()
    with pytest.raises(IllegalAction, match=reason):
        match.apply(seat, action)
    assert match.snapshot() == before
    assert not is_legal(match, seat, action)


def fight(match, source, target, attack, defence):
    """The seat to move attacks ``target`` from ``source`` and commits ``attack``; its owner
    commits ``defence``; returns the events."""
    attacker, defender = match.current, match.owner[idx(target)]
    events = match.apply(attacker, Attack(source, target))
    for r in attack:
        events += match.apply(attacker, ADD(r))
    events += match.apply(attacker, COMMIT)
    for r in defence:
        events += match.apply(defender, ADD(r))
    events += match.apply(defender, COMMIT)
    return events


# ----------------------------------------------------------------------------- set-up


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_deal_five_cards_each_and_the_first_player_draws_one(seats):
    """001 "Préparation": "Mélangez les 90 cartes et distribuez-en 5 à chaque joueur. Le reste
    des cartes forme une pioche"; "Déroulement du jeu" 1: the first player draws one."""
    match = new_match("standard", seats, seed=4)
    dealt = of_type(match.setup_events, CardsDealt)
    assert [e.count for e in dealt] == [5] * seats
    assert [len(h) for h in match.hands] == [6] + [5] * (seats - 1)
    assert len(match.deck) == 90 - 5 * seats - 1
    assert sorted(everywhere(match).values()) == [3] * 30
    assert match.to_move() == (0,) and match.phase == "action"
    assert of_type(match.setup_events, CardsDrawn)[0].why == "turn"


def test_solo_the_player_draws_five_and_the_bot_begins():
    """001 "Le mode Solo": "Piochez 5 cartes. Le bot n'a pas de main. C'est lui qui
    commence." """
    match = new_match("solo", 1, seed=2)
    kinds = [type(e) for e in match.setup_events]
    assert kinds[:3] == [CardsDealt, TurnStarted, BotDrew]
    assert of_type(match.setup_events, TurnStarted)[0].seat == BOT
    assert match.to_move() == (0,)


# ----------------------------------------------------------------------------- the turn


def test_the_turn_begins_with_a_draw_and_passes_to_the_left():
    """001 "Déroulement du jeu": "1 Le joueur actif pioche une carte"; "3 Son tour s'achève.
    C'est au tour du joueur à sa gauche." """
    match = arrange(new_match("standard", 3), {}, {0: ["chine"]})
    events = match.apply(0, DrawTwo())
    started = of_type(events, TurnStarted)
    assert [e.seat for e in started] == [1]
    drawn = of_type(events, CardsDrawn)
    assert [(e.seat, e.count, e.why) for e in drawn] == [(0, 2, "draw_two"), (1, 1, "turn")]
    assert match.to_move() == (1,)


def test_draw_two_more_cards():
    """001 "Déroulement du jeu" 2: "Piocher deux cartes supplémentaires"."""
    match = arrange(
        new_match("standard", 2), {}, {0: ["chine"]}, deck=["japon", "inde", "andes", "bresil"]
    )
    match.apply(0, DrawTwo())
    assert sorted(names(match.hands[0])) == ["chine", "inde", "japon"]
    assert names(match.hands[1]) == ["andes"]  # seat 1's turn draw


def test_play_a_new_region_into_the_own_camp():
    """001 "Mettre en jeu une nouvelle carte Région. Il la pose dans son camp (devant lui),
    face visible." """
    match = arrange(new_match("standard", 2), {}, {0: ["chine", "chine"]})
    events = match.apply(0, PlayRegion("chine"))
    assert match.owner[idx("chine")] == 0
    assert names(match.hands[0]) == ["chine"]
    assert match.observation(1).camps[0] == ("chine",)
    assert events[0].region == "chine"


@pytest.mark.parametrize("where", [0, 1])
def test_a_region_already_in_play_may_not_be_played(where):
    """001 "NOTE Il est interdit de poser une Région déjà présente en jeu (dans le camp de
    n'importe quel joueur)"; the book's after-the-fact check ("Si vous réalisez après son tour
    qu'il a posé un doublon...") becomes a legal-action rule (RULES.md)."""
    match = arrange(new_match("standard", 2), {where: ["chine"]}, {0: ["chine", "inde"]})
    assert PlayRegion("chine") not in match.legal_actions(0)
    assert PlayRegion("inde") in match.legal_actions(0)
    refused(match, 0, PlayRegion("chine"), "already in play")


def test_only_cards_in_hand_may_be_played():
    """001 "Mettre en jeu une nouvelle carte Région": a card of the player's hand."""
    match = arrange(new_match("standard", 2), {}, {0: ["chine"]})
    refused(match, 0, PlayRegion("inde"), "no \\(more\\) inde card")
    refused(match, 0, PlayRegion("atlantis"), "no region 'atlantis'")


def test_attack_only_a_bordering_region_of_an_opponent():
    """001 "Attaquer une Région dans le camp d'un adversaire"; "RAPPEL On ne peut attaquer
    qu'une Région limitrophe à l'une de ses propres Régions en jeu"; the attacked region is
    "parmi les Régions limitrophes de la carte Attaquante"."""
    match = arrange(
        new_match("standard", 3),
        {0: ["maghreb", "chine"], 1: ["europe_occidentale", "inde"], 2: ["japon"]},
        {0: ["andes"]},
    )
    attacks = {(a.source, a.target) for a in match.legal_actions(0) if isinstance(a, Attack)}
    assert attacks == {
        ("maghreb", "europe_occidentale"),
        ("chine", "inde"),
        ("chine", "japon"),  # a sea route (RULES.md: the map's sea_links)
    }
    refused(match, 0, Attack("maghreb", "inde"), "does not border")
    refused(match, 0, Attack("europe_occidentale", "maghreb"), "not in your camp")
    refused(match, 0, Attack("chine", "maghreb"), "not in an opponent's camp")
    refused(match, 0, Attack("maghreb", "afrique_centrale"), "not in an opponent's camp")


def test_sea_routes_are_borders():
    """001 "NOTE Certaines Régions sont reliées par des routes maritimes : elle sont également
    considérées comme des régions limitrophes." """
    match = arrange(
        new_match("standard", 2), {0: ["bresil"], 1: ["afrique_atlantique"]}, {0: ["andes"]}
    )
    assert Attack("bresil", "afrique_atlantique") in match.legal_actions(0)


# ----------------------------------------------------------------------------- attacks


def test_the_attacker_commits_one_card_at_least_and_announces_the_count():
    """001 "DÉROULÉ D'UNE ATTAQUE": "Il choisit une ou plusieurs cartes de sa main ..., en
    annonce le nombre, et les engage face cachée"."""
    match = arrange(
        new_match("standard", 2),
        {0: ["maghreb"], 1: ["europe_occidentale"]},
        {0: ["chine", "inde"], 1: ["japon"]},
    )
    events = match.apply(0, Attack("maghreb", "europe_occidentale"))
    assert events == [AttackDeclared(0, "maghreb", 1, "europe_occidentale")]
    assert COMMIT not in match.legal_actions(0)
    refused(match, 0, COMMIT, "one support card at least")
    match.apply(0, ADD("chine"))
    refused(match, 0, ADD("chine"), "no \\(more\\) chine card")
    events = match.apply(0, COMMIT)
    assert events == [SupportCommitted(0, 1)]
    view = match.observation(1)
    assert view.attack.attack_count == 1 and view.attack.my_support == ()
    assert view.hand_sizes == (1, 1)
    assert match.to_move() == (1,)


def test_support_cards_may_be_any_region_even_duplicates():
    """001 "Les cartes Soutien peuvent être de n'importe quelle couleur, voire être des
    doublons !" """
    match = arrange(
        new_match("standard", 2),
        {0: ["maghreb"], 1: ["europe_occidentale"]},
        {0: ["chine", "chine", "maghreb"]},
    )
    events = fight(match, "maghreb", "europe_occidentale", ["chine", "chine", "maghreb"], [])
    revealed = of_type(events, SupportRevealed)
    assert revealed[0].regions == ("chine", "chine", "maghreb") and revealed[0].total == 16


def test_the_defender_may_commit_nothing():
    """001 "NOTE Le défenseur n'a pas à engager le même nombre de cartes que l'Attaquant ...
    (il peut même ne pas en engager du tout, s'il le souhaite)." """
    match = arrange(
        new_match("standard", 2),
        {0: ["maghreb"], 1: ["europe_occidentale"]},
        {0: ["japon"], 1: ["chine"]},
    )
    match.apply(0, Attack("maghreb", "europe_occidentale"))
    match.apply(0, ADD("japon"))
    match.apply(0, COMMIT)
    assert COMMIT in match.legal_actions(1)
    events = match.apply(1, COMMIT)
    resolved = of_type(events, AttackResolved)[0]
    # 4 (Maghreb) + 1 (Japon) against 6 (Europe Occidentale): the defender keeps it.
    assert (resolved.attack_total, resolved.defence_total, resolved.conquered) == (5, 6, False)


def test_strictly_greater_conquers_and_the_region_changes_camp():
    """001 "Résolution": values of the support plus the region's; "Si la valeur totale de
    l'Attaquant est strictement supérieure à celle du Défenseur, la Région attaquée est
    conquise par l'Attaquant : il prend cette carte et la pose face visible dans son camp." """
    match = arrange(
        new_match("standard", 2),
        {0: ["maghreb"], 1: ["europe_occidentale"]},
        {0: ["chine", "japon"], 1: ["inde"]},
    )
    events = fight(match, "maghreb", "europe_occidentale", ["chine", "japon"], ["inde"])
    resolved = of_type(events, AttackResolved)[0]
    assert (resolved.attack_total, resolved.defence_total) == (4 + 6 + 1, 6 + 4)
    assert resolved.conquered and match.owner[idx("europe_occidentale")] == 0


def test_a_tie_leaves_the_region_to_the_defender():
    """001 "Résolution": "Sinon, le défenseur garde sa Région" (a tie is not strictly
    greater)."""
    match = arrange(
        new_match("standard", 2),
        {0: ["maghreb"], 1: ["europe_occidentale"]},
        {0: ["chine"], 1: ["inde"]},
    )
    events = fight(match, "maghreb", "europe_occidentale", ["chine"], ["inde"])
    resolved = of_type(events, AttackResolved)[0]
    assert resolved.attack_total == resolved.defence_total == 10
    assert not resolved.conquered and match.owner[idx("europe_occidentale")] == 1


def test_support_is_discarded_and_replaced_up_to_three_then_two():
    """001 "Fin de l'attaque": "Les cartes engagées en Soutien sont défaussées. Le Défenseur
    pioche des cartes en remplacement ..., avec un maximum de trois ... Ensuite l'Attaquant
    pioche aussi des cartes en remplacement, mais avec un maximum de deux cartes seulement." """
    attack = ["chine", "inde", "japon"]
    defence = ["andes", "andes", "bresil", "bresil"]
    match = arrange(
        new_match("standard", 2),
        {0: ["maghreb"], 1: ["europe_occidentale"]},
        {0: attack, 1: defence},
    )
    events = fight(match, "maghreb", "europe_occidentale", attack, defence)
    assert sorted(names(match.discard)) == sorted(attack + defence)
    drawn = of_type(events, CardsDrawn)
    assert [(e.seat, e.count, e.why) for e in drawn[:2]] == [
        (1, 3, "replacement"),
        (0, 2, "replacement"),
    ]
    assert len(match.hands[0]) == 2
    assert len(match.hands[1]) == 3 + 1  # and seat 1's turn draw
    assert sorted(everywhere(match).values()) == [3] * 30


def test_support_stays_hidden_until_the_reveal():
    """001 "les engage face cachée"; "Chacun des deux joueurs révèle ses cartes Soutien
    engagées": other seats see neither the chosen cards nor, before the commitment ("en
    annonce le nombre"), their count: not even an event, nor a step."""
    match = arrange(
        new_match("standard", 3),
        {0: ["maghreb"], 1: ["europe_occidentale"]},
        {0: ["chine", "inde"], 1: ["japon"], 2: ["andes"]},
    )
    match.apply(0, Attack("maghreb", "europe_occidentale"))
    before = {seat: match.observation(seat) for seat in (1, 2)}
    added = match.apply(0, ADD("chine"))
    added += match.apply(0, ADD("inde"))
    assert [e.region for e in visible_events(added, 0)] == ["chine", "inde"]
    for seat in (1, 2, None):
        assert visible_events(added, seat) == []
    for seat in (1, 2):
        view = match.observation(seat)
        assert view == before[seat]
        assert view.attack.attack_count is None and view.attack.my_support == ()
        assert view.hand_sizes == (2, 1, 1)
        assert "chine" not in view.hand
    assert match.observation(0).attack.my_support == ("inde", "chine")  # board order
    assert match.observation(0).steps == before[1].steps + 2
    committed = match.apply(0, COMMIT)
    assert visible_events(committed, 2) == [SupportCommitted(0, 2)]
    assert match.observation(2).steps == match.observation(0).steps
    match.apply(1, ADD("japon"))
    assert match.observation(0).attack.my_support == ("inde", "chine")  # board order
    assert match.observation(0).attack.defence_count is None
    view = match.observation(2)
    assert "japon" not in (*view.attack.my_support, *view.hand, *view.discard)


# ----------------------------------------------------------------------------- hand limit


def test_more_than_ten_cards_go_to_one_opponent_of_the_players_choice():
    """001 "NOTE Si à la fin de son tour un joueur a plus de 10 cartes en main, il doit
    épuiser sa main en donnant à un adversaire de son choix autant de cartes que nécessaire
    pour n'en conserver que 10." """
    hand = ["chine"] * 3 + ["inde"] * 3 + ["japon"] * 3 + ["andes"]
    match = arrange(new_match("standard", 3), {}, {0: hand})
    match.apply(0, DrawTwo())  # 10 + 2 = 12
    assert match.phase == "excess" and match.to_move() == (0,)
    assert match.observation(0).excess == 2
    legal = match.legal_actions(0)
    assert {a.to for a in legal} == {1, 2} and all(isinstance(a, GiveCard) for a in legal)
    refused(match, 0, GiveCard("chine", 0), "not an opponent")
    events = match.apply(0, GiveCard("chine", 2))
    assert visible_event(events[0], 1) == CardGiven(0, 2, "")
    assert visible_event(events[0], 2) == CardGiven(0, 2, "chine")
    assert {a.to for a in match.legal_actions(0)} == {2}
    refused(match, 0, GiveCard("inde", 1), "all go to seat 2")
    events = match.apply(0, GiveCard("inde", 2))
    assert len(match.hands[0]) == 10 and names(match.hands[2]) == ["chine", "inde"]
    assert of_type(events, TurnStarted)[0].seat == 1


def test_the_hand_limit_is_checked_only_at_the_end_of_the_own_turn():
    """001 "NOTE Si à la fin de son tour un joueur a plus de 10 cartes": a defender who ends
    another's turn with more than ten keeps them until its own turn ends (RULES.md)."""
    defence = ["chine"] * 3
    match = arrange(
        new_match("standard", 2),
        {0: ["maghreb"], 1: ["europe_occidentale"]},
        {0: ["andes"], 1: defence + ["inde"] * 3 + ["japon"] * 3 + ["bresil", "bresil"]},
    )
    fight(match, "maghreb", "europe_occidentale", ["andes"], defence)
    assert match.phase == "action" and match.turn == 1
    assert len(match.hands[1]) == 8 + 3 + 1  # kept, replaced, drawn for the turn


# ----------------------------------------------------------------------------- end


def test_the_game_ends_at_once_when_the_deck_runs_out_with_two_or_three_players():
    """001 "Fin du jeu": "À 2 et 3 joueurs, la partie s'achève immédiatement dès que la
    pioche est épuisée" — the second card of "draw two" is not drawn (RULES.md)."""
    match = arrange(
        new_match("standard", 3), {0: ["chine"], 1: ["inde"]}, {0: ["andes"]}, deck=["japon"]
    )
    events = match.apply(0, DrawTwo())
    assert of_type(events, CardsDrawn)[0].count == 1
    assert of_type(events, DeckExhausted) == [DeckExhausted(1)]
    assert match.is_over() and match.result().reason == "deck_exhausted"
    assert match.to_move() == () and match.legal_actions(0) == ()


def test_four_players_reshuffle_the_discard_once():
    """001 "Fin du jeu": "À 4 joueurs, lorsque la pioche est épuisée une première fois, on
    mélange la défausse pour créer une nouvelle pioche. La partie s'achève dès que cette
    nouvelle pioche est épuisée à son tour." """
    match = arrange(
        new_match("standard", 4),
        {0: ["chine"]},
        {0: ["andes"]},
        deck=["japon"],
        discard=["inde", "bresil", "andes"],
    )
    events = match.apply(0, DrawTwo())
    assert of_type(events, DeckReshuffled) == [DeckReshuffled(3)]
    assert not match.is_over() and match.discard == []
    assert len(match.hands[0]) == 3  # andes, japon, then one from the new deck
    events = match.apply(1, DrawTwo())
    assert of_type(events, DeckExhausted) == [DeckExhausted(2)]
    assert match.is_over() and match.result().reason == "deck_exhausted"


def test_four_players_with_an_empty_discard_end_at_the_first_exhaustion():
    """001 "Fin du jeu" at 4 players: no discard, no new deck: the game ends (RULES.md)."""
    match = arrange(new_match("standard", 4), {0: ["chine"]}, {0: ["andes"]}, deck=["japon"])
    match.apply(0, DrawTwo())
    assert match.is_over() and match.exhaustions == 1


def test_the_book_example_of_scoring():
    """001 "Exemple de fin de partie": two territories of two and three regions; the larger
    one scores 3, and two Russie Européenne and one Russie Asiatique in hand add 3: 6."""
    camp = [idx(r) for r in ("afrique_atlantique", "maghreb", "scandinavie")] + [
        idx("russie_europeenne"),
        idx("russie_asiatique"),
    ]
    hand = [idx(r) for r in ("russie_europeenne", "russie_europeenne", "russie_asiatique")]
    territory, duplicates = best_territory(camp, hand)
    assert [IDS[r] for r in territory] == ["scandinavie", "russie_europeenne", "russie_asiatique"]
    assert len(territory) + len(duplicates) == 6
    # "B ... sa carte Europe Occidentale ... lui aurait permis ... de lier les deux"
    joined, _ = best_territory([*camp, idx("europe_occidentale")], [])
    assert len(joined) == 6


def test_points_are_one_chosen_territory_and_its_duplicates():
    """001 "Décompte des points": "un point pour chaque carte Région du territoire choisi";
    "Si un joueur possède en main des doublons des cartes Régions de son territoire ...
    Chacun de ces doublons lui apporte un point supplémentaire"; the rest is not counted."""
    match = arrange(
        new_match("standard", 2),
        {0: ["chine", "japon", "maghreb"], 1: ["bresil"]},
        {0: ["chine", "maghreb", "maghreb", "andes"], 1: ["bresil"]},
        deck=["inde"],
    )
    events = match.apply(0, DrawTwo())
    scored = {e.seat: e for e in of_type(events, Scored)}
    # Chine + Japon and a Chine duplicate (3) beat Maghreb and its two duplicates (3) only
    # by size, which the engine prefers when the points are equal (RULES.md).
    assert scored[0].points == 3 and scored[0].territory == ("chine", "japon")
    assert scored[1].points == 2 and scored[1].duplicates == ("bresil",)
    assert match.result().winners == (0,)
    assert match.result().scores == (3.0, 2.0)


def test_ties_go_to_the_most_regions_then_the_victory_is_shared():
    """001 "Fin du jeu" NOTE: "En cas d'égalité, celui des joueurs concernés qui possède le
    plus de Régions distinctes dans tous ses territoires ... remporte la partie. En cas de
    nouvelle égalité, la victoire est partagée !" """
    match = arrange(
        new_match("standard", 3),
        {
            0: ["chine", "japon"],
            1: ["bresil", "andes", "groenland"],
            2: ["maghreb", "afrique_atlantique"],
        },
        {0: ["andes"]},
        deck=["cone_sud"],
    )
    match.apply(0, DrawTwo())
    result = match.result()
    assert result.scores == (2.0, 2.0, 2.0)
    assert result.winners == (1,) and result.ranking == ((1,), (0, 2))
    match = arrange(
        new_match("standard", 3),
        {0: ["chine", "japon"], 1: ["bresil", "andes"], 2: ["inde"]},
        {0: ["andes"]},
        deck=["cone_sud"],
    )
    match.apply(0, DrawTwo())
    result = match.result()
    assert result.winners == (0, 1) and result.ranking == ((0, 1), (2,))


def test_the_continent_variant_gives_three_points_per_majority_and_none_on_ties():
    """001 "Variante": "Le joueur possédant le plus de Régions d'un même continent gagne 3
    points supplémentaires. Attribuez ces points pour chacun des six continents. En cas
    d'égalité dans un continent, aucun point n'est attribué." """
    match = arrange(
        new_match("continents", 2),
        {0: ["chine", "japon", "maghreb"], 1: ["inde", "vallee_du_nil", "bresil"]},
        {0: ["andes"]},
        deck=["cone_sud"],
    )
    events = match.apply(0, DrawTwo())
    scored = {e.seat: e for e in of_type(events, Scored)}
    # Asia 2-1 to seat 0; Africa 1-1 tied; South America 0-1 to seat 1.
    assert scored[0].continents == ("asie",) and scored[0].points == 2 + 3
    assert scored[1].continents == ("amerique_du_sud",) and scored[1].points == 1 + 3


# ----------------------------------------------------------------------------- solo


def solo(level: str = "debutant", variant: str = "solo", **kw):
    """A solo match arranged for the player's turn (``kw`` as for ``arrange``)."""
    return arrange(new_match(variant, 1, bot_level=level), **kw)


def bot_turn(match, deck):
    """End the player's turn by drawing two; the bot's turn follows with ``deck``."""
    match.deck = cards(["andes", "andes", *deck])[::-1]
    return match.apply(0, DrawTwo())


def test_the_bot_plays_a_region_not_in_play():
    """001 solo "TOUR DE JEU DU BOT": "Si cette carte n'est pas déjà en jeu, il la met en jeu
    dans son camp, face visible." """
    match = solo(camps={0: ["chine"]}, hands={0: []})
    events = bot_turn(match, ["bresil", "inde", "japon"])
    assert of_type(events, BotDrew) == [BotDrew("bresil", "played")]
    assert match.owner[idx("bresil")] == BOT
    assert match.observation(0).bot_camp == ("bresil",)


def test_the_bot_loots_a_region_already_in_its_camp():
    """001 solo: "Si elle est déjà en jeu dans son camp, elle est mise de côté face cachée
    dans une pile nommée Butin." """
    match = solo(camps={0: ["chine"]}, hands={0: []}, bot_camp=["bresil"])
    events = bot_turn(match, ["bresil", "inde", "japon"])
    assert of_type(events, BotDrew) == [BotDrew("bresil", "loot")]
    assert names(match.loot) == ["bresil"] and match.observation(0).loot == ("bresil",)


def test_the_bot_attacks_with_its_strongest_bordering_region():
    """001 solo: "Si elle est déjà en jeu dans votre camp, le bot peut l'attaquer : s'il
    possède des Régions limitrophes, celle avec la plus grande valeur attaque la carte de
    votre camp"; "la carte piochée est défaussée"; the player defends first."""
    match = solo(
        camps={0: ["moyen_orient"]},
        hands={0: ["chine"]},
        bot_camp=["inde", "europe_du_sud", "vallee_du_nil"],
    )
    events = bot_turn(match, ["moyen_orient", "japon", "japon", "japon", "bresil"])
    # Inde 4, Europe du Sud 3, Vallée du Nil 5: the Nile valley attacks.
    assert of_type(events, BotDrew) == [BotDrew("moyen_orient", "attack", "vallee_du_nil")]
    assert of_type(events, AttackDeclared) == [
        AttackDeclared(BOT, "vallee_du_nil", 0, "moyen_orient")
    ]
    assert "moyen_orient" in names(match.discard)
    assert match.to_move() == (0,) and match.phase == "support"
    events = match.apply(0, ADD("chine")) + match.apply(0, COMMIT)
    # The bot draws its three attack cards (débutant) only now: three Japon (1 each).
    bot = of_type(events, SupportRevealed)[0]
    assert bot.seat == BOT and bot.regions == ("japon", "japon", "japon")
    resolved = of_type(events, AttackResolved)[0]
    assert (resolved.attack_total, resolved.defence_total) == (5 + 3, 5 + 6)
    assert not resolved.conquered
    # The player replaces its one card; the bot draws none.
    assert of_type(events, CardsDrawn)[0] == CardsDrawn(0, ("bresil",), 1, "replacement")


def test_the_bot_does_not_attack_without_a_bordering_region():
    """001 solo: "Si le bot ne possède aucune des Régions limitrophes à la carte piochée, il
    n'attaque pas. Que l'attaque ait lieu ou non, la carte piochée est défaussée." """
    match = solo(camps={0: ["moyen_orient"]}, hands={0: []}, bot_camp=["bresil"])
    events = bot_turn(match, ["moyen_orient", "japon", "inde"])
    assert of_type(events, BotDrew) == [BotDrew("moyen_orient", "discarded")]
    assert names(match.discard) == ["moyen_orient"]
    assert match.phase == "action" and match.turn == 0


@pytest.mark.parametrize(
    ("level", "attack", "defence"),
    [("debutant", 3, 2), ("intermediaire", 3, 3), ("confirme", 4, 3)],
)
def test_the_bot_support_by_level(level, attack, defence):
    """001 solo, table "DIFFICULTÉ": Débutant 3/2, Intermédiaire 3/3, Confirmé 4/3 support
    cards in attack / defence, drawn "directement dans la pile de cartes restantes"."""
    match = solo(
        level, camps={0: ["maghreb"]}, hands={0: ["chine"]}, bot_camp=["europe_occidentale"]
    )
    match.deck = cards(["japon"] * 10)
    events = match.apply(0, Attack("maghreb", "europe_occidentale"))
    events += match.apply(0, ADD("chine")) + match.apply(0, COMMIT)
    assert of_type(events, SupportRevealed)[1].regions == ("japon",) * defence
    view = match.observation(0)
    assert (view.bot.attack_support, view.bot.defence_support) == (attack, defence)


def test_a_short_deck_supports_the_bot_with_what_is_left_then_the_game_ends():
    """001 solo NOTE: "S'il ne reste plus assez de cartes dans la pioche, le bot soutient son
    attaque ou sa défense avec les cartes restantes. Appliquez le résultat de l'attaque, puis
    la partie s'achève." """
    match = solo(
        "confirme",
        camps={0: ["maghreb"]},
        hands={0: ["japon"]},
        bot_camp=["europe_occidentale"],
        deck=["japon"],
    )
    match.apply(0, Attack("maghreb", "europe_occidentale"))
    match.apply(0, ADD("japon"))
    events = match.apply(0, COMMIT)
    assert of_type(events, SupportRevealed)[1].regions == ("japon",)
    assert of_type(events, AttackResolved)[0].defence_total == 6 + 1
    assert match.is_over() and not of_type(events, CardsDrawn)


def test_the_bot_scores_two_per_region_and_one_per_loot_and_wins_ties():
    """001 solo "FIN DE PARTIE": "2 points par Région posée dans son camp ... 1 point pour
    chaque carte dans son Butin. En cas d'égalité, c'est le bot qui l'emporte." """
    match = solo(
        camps={0: ["chine", "japon", "inde", "russie_asiatique", "asie_du_sud_est"]},
        hands={0: []},
        bot_camp=["bresil", "andes"],
        loot=["bresil"],
        deck=["cone_sud"],
    )
    events = match.apply(0, DrawTwo())
    assert of_type(events, BotScored)[0].points == 2 * 2 + 1
    assert of_type(events, Scored)[0].points == 5
    result = match.result()
    assert result.winners == () and result.ranking == ((0,),) and result.scores == (5.0,)
    assert "the bot wins" in result.detail


def test_solo_the_player_wins_with_more_points():
    """001 solo "FIN DE PARTIE": "Calculez vos points de victoire normalement"; more than the
    bot's wins."""
    match = solo(
        camps={0: ["chine", "japon", "inde", "russie_asiatique", "asie_du_sud_est"]},
        hands={0: []},
        bot_camp=["bresil"],
        loot=["bresil"],
        deck=["cone_sud"],
    )
    match.apply(0, DrawTwo())
    assert match.result().winners == (0,)


def test_solo_excess_cards_are_discarded():
    """001 solo "VOTRE TOUR DE JEU" A: "Si, à la fin de votre tour, vous deviez avoir plus de
    10 cartes en main, défaussez-vous des cartes en surnombre." """
    hand = ["chine"] * 3 + ["inde"] * 3 + ["japon"] * 3 + ["andes"]
    match = solo(hands={0: hand})
    match.apply(0, DrawTwo())
    legal = match.legal_actions(0)
    assert legal and all(isinstance(a, DiscardCard) for a in legal)
    refused(match, 0, GiveCard("chine", 0), "DiscardCard")
    match.apply(0, DiscardCard("chine"))
    match.apply(0, DiscardCard("japon"))
    assert names(match.discard)[-2:] == ["chine", "japon"]
    assert len(match.hands[0]) >= 10  # the next turn's draw came after the bot's turn


def test_solo_continents_applies_the_variant_to_the_bot():
    """001 "Variante": "Vous pouvez également utiliser cette variante en mode solo ... en
    l'appliquant aussi au bot." """
    match = solo(
        variant="solo-continents",
        camps={0: ["chine", "japon"]},
        hands={0: []},
        bot_camp=["bresil", "andes"],
        deck=["cone_sud"],
    )
    events = match.apply(0, DrawTwo())
    assert of_type(events, BotScored)[0].continents == ("amerique_du_sud",)
    assert of_type(events, BotScored)[0].points == 2 * 2 + 3
    assert of_type(events, Scored)[0].points == 2 + 3


# ----------------------------------------------------------------------------- contract


def test_illegal_actions_leave_the_match_unchanged():
    """001 "Déroulement du jeu" 2 ("l'une des actions suivantes") and "DÉROULÉ D'UNE
    ATTAQUE": actions out of their phase or seat are refused with a reason."""
    match = arrange(
        new_match("standard", 2),
        {0: ["maghreb"], 1: ["europe_occidentale"]},
        {0: ["chine"], 1: ["inde"]},
    )
    refused(match, 0, COMMIT, "DrawTwo, PlayRegion or Attack")
    refused(match, 0, GiveCard("chine", 1), "DrawTwo, PlayRegion or Attack")
    before = match.snapshot()
    with pytest.raises(IllegalAction, match="not this seat's decision"):
        match.apply(1, DrawTwo())
    assert match.snapshot() == before
    match.apply(0, Attack("maghreb", "europe_occidentale"))
    refused(match, 0, DrawTwo(), "AddSupport or CommitSupport")
    refused(match, 0, ADD("inde"), "no \\(more\\) inde card")
    refused(match, 0, ADD(None), "region must be str, not None")


def test_step_limit_ends_without_a_winner():
    """The platform's step limit (RULES.md): no winner, seats ranked by points so far."""
    match = new_match("standard", 2, seed=1, max_steps=3)
    for _ in range(3):
        seat = match.to_move()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    assert match.is_over() and match.result().reason == "step_limit"
    assert match.result().winners == ()


def test_a_region_id_names_each_card():
    """001 "Contenu : 90 cartes Régions (3 exemplaires de chaque)"."""
    match = new_match("standard", 2)
    assert len(IDS) == 30 and sorted(everywhere(match).values()) == [3] * 30


def test_the_end_reasons_are_the_books_ending_and_the_step_limit():
    """001 "Fin du jeu" and the solo mode's "FIN DE PARTIE": the deck runs out, whoever wins
    (a seat, several sharing the victory, or the bot); then the step limit (RULES.md). The
    codes are the ones results have always carried."""
    assert GAME.end_reasons == ("deck_exhausted", "step_limit")
