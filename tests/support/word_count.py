"""Samples for the 100-word rule: a post long enough, what counts as a word of prose and what does not.
No Django import: the stack runner (tests/stack/run_stack.py) uses RP before Django is set up."""
RP = ("Le duelliste lève sa baguette et avance d'un pas sur l'estrade, le regard fixé sur son adversaire. "
      * 6).strip()  # a post of 102 words, over the minimum
IMAGES_ONLY = "\n".join(f"[img]https://i.imgur.com/pic{n}.png[/img]" for n in range(110))

# (text, words): the server's count (tests/pages) and the browser's live counter (tests/e2e) agree on each.
SAMPLES = [
    (IMAGES_ONLY, 0),
    ("[IMG=300x200]https://x.fr/a.png[/IMG] Il avance.", 2),
    ("Voir https://forum.example/t1 et www.example.fr ou (https://x.fr/y) ici.", 4),
    ("[url=https://forum.example/t1]le sujet[/url] [url]https://forum.example/t2[/url]", 2),
    ("[img]sans fin https://x.fr mot", 3),  # an image never closed: its words still count
    ("un [img]a.png[/img] deux [img]b.png[/img] trois", 3),
    ("Elle lève sa baguette. [b]Stupéfix sur B[/b]", 4),
    ("l'arbitre peut-être 3e année — http: n'est pas une adresse", 9),
]
