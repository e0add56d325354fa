"User text never raises FTS5 syntax errors: 200+ hostile queries against a real store."
import random, string
import numpy as np
from litesearch import hash_embed

HAND = ['"', '""', '"unbalanced', 'a"b"c"', '*', '**', 'a*', '*a', '-', '--', '-a', 'a -b', 'NEAR', 'NEAR(', 'NEAR(a b', 'NEAR(a b, 3)',
        'a NEAR b', 'AND', 'OR', 'NOT', 'a AND', 'OR b', 'NOT NOT', '(', ')', '((a)', 'a)', '(a OR b', '^a', 'a:b', 'content:saturn',
        'heading:x', '{a b}', '[a]', "a'b", "'", '\\', '\\"', '%', '_', 'a_b', '$', '#', '@', '+a', 'a+b', '~', '`', '|', '||', '&&',
        ';', '; DROP TABLE store; --', "' OR 1=1 --", '\x00', 'a\x00b', '\n', '\t', ' ', '', 'ü', 'ṛgveda', '日本語', '🙂', 'a' * 5000,
        'saturn ' * 300, '"' * 99, '(' * 50, 'NEAR/3', 'a NEAR/2 b', 'col:', ':', 'rank', 'bm25(', 'MATCH', 'store_fts',
        '*"*', '" OR "', 'a" OR "b', '0', '-1', '1e10', 'NULL', 'null', 'x' * 1 + '"' + 'y', 'fts_search', 'fts_s*']

def hostile(n=200, seed=7):
    rng = random.Random(seed)
    alphabet = string.ascii_letters + string.digits + '"*-()^:+{}[]\'\\%_ .,;|&~`#@!?/\n\t' + 'äöüṛṣ日'
    words = ['NEAR', 'AND', 'OR', 'NOT', 'saturn', 'transit', '"', '*', '(', ')', '-', ':', 'content', 'heading']
    out = []
    for _ in range(n):
        if rng.random() < .5: out.append(''.join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))))
        else: out.append(' '.join(rng.choice(words) + rng.choice(['', '*', '"', ')', '(', ':']) for _ in range(rng.randint(1, 8))))
    return out

QUERIES = HAND + hostile()

def _store(db):
    st = db.get_store()
    texts = ['Saturn transits the twelfth house.', 'Jupiter moves one sign a year.', 'Call fts_search with a query.', 'NEAR and AND are words too.']
    st.insert_all([dict(content=t, embedding=b) for t, b in zip(texts, st.add_embeddings(hash_embed(texts)))])
    return st

def test_fts_never_raises(fresh_db):
    st = _store(fresh_db)
    assert len(QUERIES) >= 200
    for q in QUERIES:
        res = st.fts_search(q)
        assert isinstance(res, list), q

def test_hybrid_never_raises(fresh_db):
    "Hostile text never breaks the keyword leg; a query with no words embeds to zeros, which is refused by name, not answered with arbitrary rows."
    import pytest
    _store(fresh_db)
    blank = 0
    for q in QUERIES[:120]:
        e = hash_embed([q])[0]
        if e.any(): assert len(fresh_db.chunk_search(q, e)) <= 10
        else:
            blank += 1
            with pytest.raises(ValueError, match='all zeros'): fresh_db.chunk_search(q, e)
            assert fresh_db.chunk_search(q, emb=False) == []
            if not any(ch.isalnum() for ch in q): assert fresh_db.chunk_search(q) == []     # no words: nothing to search for, no vector to make
    assert 5 < blank < 60, blank

def test_hostile_queries_still_find_words(fresh_db):
    st = _store(fresh_db)
    assert {r['rowid'] for r in st.fts_search('NEAR( saturn "')} == {1, 4}   # 'NEAR' is just a word here
    assert [r['rowid'] for r in st.fts_search('fts_search')] == [3]
    st.fts_search('; DROP TABLE store; --')
    assert fresh_db.t.store.count == 4, 'nothing was dropped'

def test_naming_never_raises(fresh_db):
    "Hostile text through the naming words and their phrases (`docs`, routed `sections`): document names made of FTS words and punctuation, every query answered or empty."
    titles = ['near-and-or', 'content_heading', 'saturn-transit', 'NOT_a_name', 'q"uote', 'star*name', 'col:on', 'paren(s)', 'x-y-z', 'plain']
    for k, t in enumerate(titles):
        fresh_db.add_doc(f'# {t} notes\n\nSaturn transits house {k}; NEAR and AND are words, content and heading too.', title=t, source=f'{t}.md')
    for q in QUERIES[:150] + ['near and or saturn transit', 'the content heading of near', '"near" AND (saturn', 'star* name: col:on paren(s)', 'Near? Saturn transits: Plain', 'Star* name. Col:on']:
        assert isinstance(fresh_db.docs(q, limit=3), list), q
        assert isinstance(fresh_db.sections(q, limit=3), list), q
