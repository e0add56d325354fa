"""What one read snapshot costs: `sections()` on the EU corpus with its `read_txn` (BEGIN ... COMMIT around the call's
statements) and without it (the context manager replaced by a no-op), interleaved in one run so machine load hits both.

The database is a WAL file built by `add_dir(EU, embedder=hash_embed 256)`. Queries are 6-word windows of stored chunks,
asked with their embedding. Each round times every query in both modes (the order alternating between rounds); the
figure that matters is the ratio of the medians.

Run: python bench/snapshot.py [--queries 200] [--rounds 6]          (from the project root)
"""
import argparse, contextlib, random, tempfile, time, statistics
from pathlib import Path
import numpy as np
from apswutils.db import Database
from litesearch import database
from litesearch.embed import hash_embed

EU = Path(__file__).resolve().parent.parent.parent/'shared'/'data'/'eu'

@contextlib.contextmanager
def _no_txn(self): yield self

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--queries', type=int, default=200)
    ap.add_argument('--rounds', type=int, default=6)
    a = ap.parse_args()
    enc = lambda ts: hash_embed(ts, 256)
    d = Path(tempfile.mkdtemp())
    db = database(d/'eu.db')
    t = time.perf_counter(); db.add_dir(EU, embedder=enc, progress=False)
    print(f'EU corpus: {db.t.docs.count} acts, {db.t.store.count} chunks, ingested in {time.perf_counter() - t:.1f}s')
    rng = random.Random(0)
    texts = [r[0].split() for r in db.execute('SELECT content FROM store ORDER BY rowid')]
    qs = []
    while len(qs) < a.queries:
        w = rng.choice(texts)
        if len(w) > 10: i = rng.randrange(len(w) - 6); qs.append(' '.join(w[i:i + 6]))
    E = enc(qs)
    real = Database.read_txn
    modes = dict(snapshot=real, none=_no_txn)
    ts = {m: [] for m in modes}
    for q, e in zip(qs[:20], E[:20]): db.sections(q, e)          # warm caches (vector matrix, FTS pages)
    for r in range(a.rounds):
        for m in (list(modes) if r % 2 == 0 else list(modes)[::-1]):
            Database.read_txn = modes[m]
            for q, e in zip(qs, E):
                t = time.perf_counter(); db.sections(q, e); ts[m].append(time.perf_counter() - t)
    Database.read_txn = real
    for m, xs in ts.items():
        x = np.asarray(xs) * 1000
        print(f'sections() {m:<9} p50 {np.percentile(x, 50):6.2f} ms  p95 {np.percentile(x, 95):6.2f} ms  mean {x.mean():6.2f} ms  ({len(x)} calls)')
    p = lambda m, k: np.percentile(np.asarray(ts[m]), k)
    print(f'ratio snapshot/none: p50 {p("snapshot", 50) / p("none", 50):.3f}  p95 {p("snapshot", 95) / p("none", 95):.3f}  '
          f'mean {np.mean(ts["snapshot"]) / np.mean(ts["none"]):.3f}')
    db.close()

if __name__ == '__main__': main()
