"""Duel pages, split by audience: player (dashboard, registration), duel (the duel page and its
forms), referee (queue, adjudication). Views parse, call one service, and render."""
