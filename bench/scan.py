"""The float32 vector scan of a question store: int8 bounds first (`vectors._cos_top`) against the exact scan of every row.

For each question of `--sets`, its embedding (the store's embedder) scans the store's whole matrix for the `--k` nearest rows
twice, once with the bounds and once without, in turn (kept scans dropped before each). Prints the median time of each, their
ratio and the rows the bounds left to compute, and checks that both return the same rows with the same distances.

Run: python bench/scan.py --embedder minilm --cache DIR [--sets filings] [--k 80] [--reps 3]
     (DIR holding the store quality.py built: python bench/quality.py --suite questions --embedder minilm --cache DIR --sets filings)
"""
import sys, time, statistics, argparse, warnings
from pathlib import Path
import numpy as np
sys.path.insert(0, str(Path(__file__).resolve().parent))

def main(a):
    import quality as Q
    from litesearch import tuning
    from litesearch.core import _query_emb
    from litesearch.vectors import _matrix, _cos_top, _cos_bounds
    Q.enc = Q.load_embedder(a.embedder); Q.EMBEDDER = a.embedder
    a.k = a.k or tuning.HITS_POOL
    sets = a.sets.split(',')
    db, _ = Q.question_store(sets[0], None, a.cache)
    st = db.get_store()
    if str(db.ls_meta('store.dtype')).strip('"') != 'float32': raise SystemExit(f'the {sets[0]} store is not float32: its scan reads no int8 codes')
    mat = _matrix(st, np.float32)
    qs = [np.asarray(_query_emb(db, st, q['q']), np.float32) for s in sets for q in Q.load_questions(s)]
    left, t = [], {True: [], False: []}
    for q in qs:
        mat.bounds = mat.last = None
        lo, hi = _cos_bounds(mat, q)
        left.append(int((lo <= np.partition(hi, a.k - 1)[a.k - 1]).sum()))
    for _ in range(a.reps):
        for q in qs:
            got = {}
            for bounded in (True, False):
                # a bounded scan, whatever the running share of rows left (`tuning.QUANT_SHARE_MAX`), against none
                tuning.QUANT_SCAN_MIN = 1 if bounded else 10**12; mat.share = 0.0
                mat.bounds = mat.last = None
                s = time.perf_counter(); got[bounded] = _cos_top(mat, q, a.k); t[bounded].append(time.perf_counter() - s)
            assert (got[True][0] == got[False][0]).all() and (got[True][1] == got[False][1]).all(), 'the bounded scan answered otherwise'
    ms = {k: 1000 * statistics.median(v) for k, v in t.items()}
    print(f'{sets[0]} store, {mat.n:,} rows x {mat.m.shape[1]} float32, {len(qs)} questions, k={a.k}: rows left to compute median '
          f'{statistics.median(left):.0f} ({statistics.median(left) / mat.n:.1%}), max {max(left)}')
    print(f'bounded {ms[True]:.3f} ms  exact {ms[False]:.3f} ms  ratio {ms[True] / ms[False]:.2f}; same rows and distances on every scan')

if __name__ == '__main__':
    warnings.filterwarnings('ignore')
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--embedder', required=True, help="the store's embedder spec, as quality.py took it")
    ap.add_argument('--cache', required=True, help="the folder holding the question store (quality.py's --cache)")
    ap.add_argument('--sets', default='filings', help='question sets of one store')
    ap.add_argument('--k', type=int, default=None, help="nearest rows asked (default: tuning.HITS_POOL, what sections()'s vector leg asks)")
    ap.add_argument('--reps', type=int, default=3, help='passes over the questions')
    main(ap.parse_args())
