def options_for(state, duellist_id):
    raise NotImplementedError
