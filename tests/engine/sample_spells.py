"""Spell sets for the engine tests and the benchmark.

PUBLIC_SPELLS: the spells of the public scenarios (../shared/scenarios, same order). SAMPLE_SPELLS adds
higher levels, a modulation on an AUTO spell, a SOIN restore, a ZONE push, a summon and a team shield.
"""
import copy

SAMPLE_SPELLS = [
    {'slug': 'bolt', 'name': 'Bolt', 'level': 1, 'range': 5, 'type': 'malefices', 'tags': [], 'target': 'opponent', 'effect': {'damage': 2}, 'bonus': {'damage': 3}},
    {'slug': 'jinx', 'name': 'Jinx', 'level': 2, 'range': 3, 'type': 'malefices', 'tags': [], 'target': 'opponent', 'effect': {'damage': 3}, 'modulations': [{'level': 4, 'effect': {'damage': 5}}]},
    {'slug': 'repel', 'name': 'Repel', 'level': 2, 'range': 4, 'type': 'defense', 'tags': [], 'target': 'opponent', 'effect': {'push': 3}},
    {'slug': 'shock', 'name': 'Shock', 'level': 3, 'range': 6, 'type': None, 'tags': ['AUTO'], 'target': 'opponent', 'effect': {'damage': 1, 'stun': True}},
    {'slug': 'blast', 'name': 'Blast', 'level': 3, 'range': 7, 'type': 'malefices', 'tags': ['ZONE'], 'target': 'zone', 'radius': 1, 'effect': {'damage': 2}},
    {'slug': 'shield', 'name': 'Shield', 'level': 1, 'range': 0, 'type': 'defense', 'tags': ['AUTO', 'DEFENCE'], 'target': 'self', 'effect': {'shield': {'charges': 1, 'team': False}}},
    {'slug': 'shield-duo', 'name': 'Shield Duo', 'level': 3, 'range': 0, 'type': 'defense', 'tags': ['AUTO', 'DEFENCE'], 'target': 'self', 'effect': {'shield': {'charges': 1, 'team': True}}},
    {'slug': 'mend', 'name': 'Mend', 'level': 2, 'range': 3, 'type': 'soins', 'tags': ['SOIN'], 'target': 'ally', 'effect': {'heal': 3}, 'bonus': {'heal': 5}},
    {'slug': 'snake', 'name': 'Snake', 'level': 3, 'range': 4, 'type': 'metamorphose', 'tags': ['INVOCATION'], 'target': 'zone', 'effect': {'summon': {'name': 'serpent', 'pf': 3, 'damage': 1, 'range': 1, 'turns': 2}}},
    {'slug': 'drainer', 'name': 'Drainer', 'level': 2, 'range': 5, 'type': None, 'tags': [], 'target': 'opponent', 'effect': {'drain': 3}},
    {'slug': 'disarm', 'name': 'Disarm', 'level': 1, 'range': 5, 'type': 'defense', 'tags': [], 'target': 'opponent', 'effect': {'disarm': True}},
    {'slug': 'bind', 'name': 'Bind', 'level': 2, 'range': 5, 'type': None, 'tags': ['AUTO'], 'target': 'opponent', 'effect': {'bind': True}},
    {'slug': 'grab', 'name': 'Grab', 'level': 2, 'range': 6, 'type': None, 'tags': [], 'target': 'opponent', 'effect': {'pull': 3}},
    {'slug': 'big', 'name': 'Big', 'level': 4, 'range': 6, 'type': 'malefices', 'tags': [], 'target': 'opponent', 'effect': {'damage': 6}},
    {'slug': 'stupefix', 'name': 'Stupéfix', 'level': 5, 'range': 6, 'type': 'defense', 'tags': [], 'target': 'opponent', 'effect': {'damage': 4, 'stun': True}, 'bonus': {'damage': 6, 'stun': True}},
    {'slug': 'flipendo', 'name': 'Flipendo', 'level': 4, 'range': 5, 'type': 'malefices', 'tags': ['ZONE'], 'target': 'zone', 'radius': 0, 'effect': {'push': 2}},
    {'slug': 'renervate', 'name': 'Renervate', 'level': 3, 'range': 4, 'type': 'soins', 'tags': ['SOIN'], 'target': 'ally', 'effect': {'restore': 3}, 'bonus': {'restore': 5}},
    {'slug': 'incarcerem', 'name': 'Incarcerem', 'level': 6, 'range': 5, 'type': 'metamorphose', 'tags': ['AUTO'], 'target': 'opponent', 'effect': {'bind': True, 'damage': 2}, 'bonus': {'bind': True, 'damage': 4}, 'modulations': [{'level': 8, 'effect': {'bind': True, 'stun': True, 'damage': 3}}]},
    {'slug': 'dragon', 'name': 'Dragon', 'level': 7, 'range': 5, 'type': 'metamorphose', 'tags': ['INVOCATION'], 'target': 'zone', 'effect': {'summon': {'name': 'dragonnet', 'pf': 6, 'damage': 3, 'range': 2, 'turns': 3}}},
    {'slug': 'tempest', 'name': 'Tempête', 'level': 8, 'range': 8, 'type': None, 'tags': ['ZONE'], 'target': 'zone', 'radius': 2, 'effect': {'damage': 4, 'drain': 2}},
    {'slug': 'protego-maxima', 'name': 'Protego Maxima', 'level': 5, 'range': 0, 'type': 'defense', 'tags': ['AUTO', 'DEFENCE'], 'target': 'self', 'effect': {'shield': {'charges': 2, 'team': True}}},
]

PUBLIC_SPELLS = copy.deepcopy(SAMPLE_SPELLS[:14])
