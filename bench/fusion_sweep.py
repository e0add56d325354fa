"""Fusion weights swept over `bench/quality.py`'s question sets: sections MRR per set and half for each setting (bench/README,
session 30). A setting is (FUSE_POW, floor, CONTEXT_GAP): `leg_weights` as litesearch computes it, with each leg's weight
held at least at `floor` (0: as litesearch does). Choose on the tune halves; report the test halves.

Run: python bench/fusion_sweep.py --embedder minilm --sets valgrind,reports --configs '[[3,0,2],[2,0.4,2]]' --cache DIR
"""
import sys, json, argparse
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent))

def floored(weights, floor):
    "`weights` (litesearch's `leg_weights`) with each weight at least `floor`."
    return lambda fts, vec, scale=1.0: tuple(max(x, floor) for x in weights(fts, vec, scale))

def sweep(sets, configs, cache, embedder=None):
    "{'pow,floor,gap': {'set/half': MRR}} for every setting and set."
    import quality as Q, litesearch.core as C, litesearch.retrieve as R, litesearch.tuning as T
    if embedder: Q.enc = Q.load_embedder(embedder); Q.EMBEDDER = embedder
    keep, res = (C.leg_weights, R.leg_weights, T.FUSE_POW, T.CONTEXT_GAP, T.KEPT_RANKINGS), {}
    try:
        for name in sets:
            qs = Q.load_questions(name); halves = [q.get('half', ('tune', 'test')[i % 2]) for i, q in enumerate(qs)]
            db, ids = Q.question_store(name, None, cache)
            for pw, fl, gap in configs:
                # a ranking is kept by its settings (`retrieve._kept`), not by the functions patched here: none kept
                T.FUSE_POW, T.CONTEXT_GAP, T.KEPT_RANKINGS = pw, gap, 0
                # both modules' names for it: the store-wide search (core) and the search inside a document (retrieve)
                C.leg_weights = R.leg_weights = floored(keep[0], fl)
                r = Q.eval_questions(db, ids, qs, 3, 'hybrid')['per'][0]
                for h in ('tune', 'test'):
                    rr = [1 / x if x else 0 for x, hh in zip(r, halves) if hh == h]
                    res.setdefault(f'{pw},{fl},{gap}', {})[f'{name}/{h}'] = round(sum(rr) / len(rr), 3)
                print(name, pw, fl, gap, res[f'{pw},{fl},{gap}'][f'{name}/tune'], res[f'{pw},{fl},{gap}'][f'{name}/test'], file=sys.stderr, flush=True)
    finally: C.leg_weights, R.leg_weights, T.FUSE_POW, T.CONTEXT_GAP, T.KEPT_RANKINGS = keep
    return res

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--sets', default='reports')
    ap.add_argument('--configs', default='[[3,0,2]]', help='JSON list of [FUSE_POW, floor, CONTEXT_GAP]')
    ap.add_argument('--cache', default=None)
    ap.add_argument('--embedder', default=None)
    a = ap.parse_args()
    print(json.dumps(sweep(a.sets.split(','), json.loads(a.configs), a.cache, a.embedder)))
