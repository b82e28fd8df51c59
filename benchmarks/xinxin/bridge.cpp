// A C interface to Nathan Sturtevant's Hearts program xinxin, for benchmarks/xinxin/.
//
// This file is ours (MIT, as the rest of the repository); it holds no xinxin code. build.py
// compiles it together with the xinxin source tree the user points to, into a library
// that stays on the user's machine (xinxin is GPL-3.0; nothing built from it is shipped).
//
// Each decision is asked afresh: Python hands over one seat's position (a deal consistent
// with what the seat knows, drawn by hearts.sample, the passes and the cards played), the
// bridge replays it into a xinxin game state and asks that seat's player. xinxin's player
// builds its worlds from the seat's own cards, its passes and the public plays
// (HeartsGameState::getiiGameState); the other seats' cards in the replayed deal are a
// draw, not the real hands, so nothing in them could tell it a hidden card, and drawing
// them consistently with the seat's view keeps every replayed play legal.
//
// Cards are xinxin's numbers: suit << 4 | rank, suits spades 0, diamonds 1, clubs 2,
// hearts 3, ranks ace 0 to two 12.

#include <cstdlib>
#include <cstring>
#include <vector>

#include "Hearts.h"
#include "iiMonteCarlo.h"
#include "UCT.h"

using namespace hearts;

namespace {

const int kPlayers = 4;
const int kHandSize = 13;

struct Bridge {
    HeartsGameState state;
    std::vector<UCT *> searches;
    std::vector<iiMonteCarlo *> worlds;
    std::vector<HeartsPlayout *> playouts;
    char error[256];
};

void fail(Bridge *bridge, const char *message) {
    std::strncpy(bridge->error, message, sizeof(bridge->error) - 1);
    bridge->error[sizeof(bridge->error) - 1] = 0;
}

bool apply_card(Bridge *bridge, int card) {
    HeartsGameState &state = bridge->state;
    int player = state.getNextPlayerNum();
    if (!state.cards[player].has(card)) {
        fail(bridge, "a replayed card is not in the hand of the seat xinxin expects to move");
        return false;
    }
    CardMove move(card, player);
    if (!state.IsLegalMove(&move)) {
        fail(bridge, "a replayed card is illegal under xinxin's rules");
        return false;
    }
    state.ApplyMove(&move);
    return true;
}

}  // namespace

extern "C" {

// A bridge with four xinxin players: `simulations` UCT playouts in all, spread over
// `worlds` sampled deals (xinxin's own main.cpp: UCT(simulations / worlds, c)), and the
// playout policy's epsilon when it is 0 or more.
void *xinxin_new(int rules, int simulations, int worlds, double c, double epsilon,
                 int threads) {
    Bridge *bridge = new Bridge();
    bridge->error[0] = 0;
    bridge->state.setRules(rules);
    bridge->state.deletePlayers();
    for (int seat = 0; seat < kPlayers; seat++) {
        UCT *search = new UCT(simulations / worlds, c);
        HeartsPlayout *playout = new HeartsPlayout();
        search->setPlayoutModule(playout);
        if (epsilon >= 0) search->setEpsilonPlayout(epsilon);
        iiMonteCarlo *sampler = new iiMonteCarlo(search, worlds);
        sampler->setUseThreads(threads != 0);
        SafeSimpleHeartsPlayer *player = new SafeSimpleHeartsPlayer(sampler);
        player->setModelLevel(2);
        bridge->state.addPlayer(player);
        player->setGameState(&bridge->state);
        bridge->searches.push_back(search);
        bridge->worlds.push_back(sampler);
        bridge->playouts.push_back(playout);
    }
    return bridge;
}

void xinxin_free(void *handle) {
    Bridge *bridge = static_cast<Bridge *>(handle);
    bridge->state.deletePlayers();
    for (size_t i = 0; i < bridge->worlds.size(); i++) {
        delete bridge->worlds[i];
        delete bridge->searches[i];
        delete bridge->playouts[i];
    }
    delete bridge;
}

const char *xinxin_error(void *handle) { return static_cast<Bridge *>(handle)->error; }

// Replays a hand: `dealt` holds 13 cards per seat, `pass_direction` is xinxin's (left 1,
// right -1, across 2, hold 0), `passes` 3 cards per seat for the first `passed` seats
// (xinxin passes seat by seat), `plays` the cards played so far in order, `scores` the
// game's totals before the hand. Returns 0, or -1 with xinxin_error set.
int xinxin_replay(void *handle, unsigned int seed, const int *dealt, int pass_direction,
                  const int *passes, int passed, const int *plays, int played,
                  const double *scores) {
    Bridge *bridge = static_cast<Bridge *>(handle);
    HeartsGameState &state = bridge->state;
    bridge->error[0] = 0;
    std::vector<std::vector<card> > hands(kPlayers);
    for (int seat = 0; seat < kPlayers; seat++)
        for (int i = 0; i < kHandSize; i++) hands[seat].push_back(dealt[seat * kHandSize + i]);
    // The order matters, as in OpenSpiel's xinxin bot: setting the cards resets the pass.
    state.Reset(static_cast<int>(seed & 0x7fffffff));
    state.SetInitialCards(hands);
    state.setPassDir(pass_direction);
    state.setFirstPlayer(0);
    state.SEED = static_cast<int>(seed & 0x7fffffff);
    std::srand(seed);
    srandom(seed);
    for (int seat = 0; seat < kPlayers; seat++) state.gameScore[seat] = scores[seat];
    for (int i = 0; i < passed * 3; i++)
        if (!apply_card(bridge, passes[i])) return -1;
    for (int i = 0; i < played; i++)
        if (!apply_card(bridge, plays[i])) return -1;
    return 0;
}

// The seat xinxin's state has to move next.
int xinxin_to_move(void *handle) { return static_cast<Bridge *>(handle)->state.getNextPlayerNum(); }

// The cards `seat` holds in xinxin's state; writes them to `out` (room for 13), returns
// how many.
int xinxin_hand(void *handle, int seat, int *out) {
    Deck &hand = static_cast<Bridge *>(handle)->state.cards[seat];
    int count = 0;
    for (int c = 0; c < 64; c++)
        if (hand.has(c)) out[count++] = c;
    return count;
}

// The moves xinxin allows the seat to move; writes them to `out` (room for 13).
int xinxin_legal(void *handle, int *out) {
    HeartsGameState &state = static_cast<Bridge *>(handle)->state;
    Move *moves = state.getAllMoves();
    int count = 0;
    for (Move *m = moves; m; m = m->next) out[count++] = static_cast<CardMove *>(m)->c;
    state.freeMove(moves);
    return count;
}

// xinxin's choice for the seat to move: one card, which is also applied to the state (so
// a pass is asked three times in a row, as xinxin's own games pass). -1 on error.
int xinxin_choose(void *handle) {
    Bridge *bridge = static_cast<Bridge *>(handle);
    HeartsGameState &state = bridge->state;
    if (state.Done()) {
        fail(bridge, "the hand is over");
        return -1;
    }
    CardMove *move = static_cast<CardMove *>(state.getNextPlayer()->Play());
    int chosen = move->c;
    state.freeMove(move);
    if (!apply_card(bridge, chosen)) return -1;
    return chosen;
}

}  // extern "C"
