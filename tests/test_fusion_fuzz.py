"Fusion under random legs: a vector leg's blindness to a row (its figures) only ever adds that row's keyword evidence, never takes."
import random, string
from litesearch.core import rrf_merge, _figure_share

def _text(rng):
    alphabet = string.ascii_letters + string.digits + ' \n\t\xa0,.()$%—-' + 'éß中文١٢٣'
    return ''.join(rng.choice(alphabet) for _ in range(rng.randint(0, 300)))

def test_figure_share_bounded():
    rng = random.Random(7)
    for _ in range(2000):
        s = _figure_share(_text(rng))
        assert 0.0 <= s <= 1.0
    assert _figure_share(None) == 0.0 and _figure_share('   \n') == 0.0 and _figure_share('2023 1234') == 1.0 and _figure_share('abc') == 0.0

def _legs(rng):
    ids = rng.sample(range(60), rng.randint(1, 40))
    fts = [dict(rowid=i, _rank=-s) for i, s in zip(ids, sorted((rng.uniform(0.1, 20) for _ in ids), reverse=True))]
    vids = rng.sample(range(60), rng.randint(1, 40))
    vec = [dict(rowid=i, _dist=d) for i, d in zip(vids, sorted(rng.uniform(0.05, 0.9) for _ in vids))]
    return fts, vec

def test_blind_only_adds_keyword_evidence():
    rng = random.Random(11)
    for _ in range(500):
        fts, vec = _legs(rng)
        w = (rng.choice([0.0, 0.3, 1.0]), rng.choice([0.0, 0.5, 1.0]))
        blind = {r['rowid']: rng.random() for r in fts}
        a = {r['rowid']: r['_rrf_score'] for r in rrf_merge(fts, vec, weights=w, limit=200)}
        b = {r['rowid']: r['_rrf_score'] for r in rrf_merge(fts, vec, weights=w, limit=200, blind=blind)}
        assert set(a) == set(b)
        for k in a:
            assert b[k] >= a[k] - 1e-15
            # at most the whole keyword evidence again, at the vector weight (the row's keyword vote over its keyword weight)
            assert b[k] - a[k] <= w[1] / 60 + 1e-12
        if not w[0] or not w[1]: assert a == b             # one leg off: nothing to abstain for
        assert rrf_merge(fts, vec, weights=w, blind={}) == rrf_merge(fts, vec, weights=w)
        # blindness is no vote: rows the keyword leg did not find are untouched
        for k in set(a) - {r['rowid'] for r in fts}: assert a[k] == b[k]
