"""What the tournament pages and the API show, shaped from the stored rows and the engine: the rows of one
tournament in a fixed number of queries (`state.load`), the engine's view of them (`state.progress`), and
the current round's matches with their duels' phase and who is awaited (`current`)."""
