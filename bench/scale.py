"""Scale benchmark: one store grown by `add_doc` to 10k, 100k (and 1M with --million) chunks, measured at each size.

Documents of 1,000 pages of ~45 words each (random windows of the EU corpus' running text), embedded with
hash_embed 256-d float16, ingested one `add_doc` at a time (FTS triggers, HNSW index kept up, FTS merges as scheduled).
At each size it prints: ingest cost per chunk over the last stretch and the slowest single document (the cliff),
recall@10 of the HNSW vector leg vs the exact scan, the top-10 overlap of fused `sections()` ANN vs exact,
search / doc_search / sections p50/p95 exact and ANN, the first query after a write (the index replays the log; past
ANN_BUILD_ROWS the exact scan reads the index's vectors too), the writer's exact scan after `save_index()` (the file it
wrote, mapped) and the first query after reopening (it checks and maps the sidecar), file sizes and the process' peak
RSS. The HNSW stage of ingest is the time add_doc waits for the index: on two cores a document's rows are added on a
worker thread while the next document is prepared.

Run: nice python bench/scale.py                 (10k and 100k, ~4 min on 2 busy cores)
     nice python bench/scale.py --million       (adds 1M; must finish in 15 min)
     nice python bench/scale.py --real --sizes 0  (real text only: the filings and EU PDFs)
     nice python bench/scale.py --real --real-chunks 800,200 --sizes 0 --nq 1000  (real text at ~28k and ~100k chunks)
     nice python bench/scale.py --real --real-chunks 200 --sizes 0 --untuned  (without what add_dir's tune_index chose)
"""
import litesearch
import argparse, os, random, resource, sys, tempfile, time
from pathlib import Path
import numpy as np
sys.path.insert(0, str(Path(__file__).resolve().parent))
from litesearch import database, hash_embed
from litesearch.data import Chunker
from litesearch.embed import Embedder, load_embedder
from litesearch.core import _use_ann, _tune_queries
import litesearch.tree
from _corpus import eu_words, pct, timed

PAGES = 1000
STAGES = {}
ROUTE = dict(route=0)     # sections/doc_search over the whole store; --route N times the routed default on a few queries

def _timed_stage(name, fn):
    "Wrap `fn` so the benchmark can say where ingest time goes."
    def f(*a, **k):
        t = time.perf_counter()
        try: return fn(*a, **k)
        finally: STAGES[name] = STAGES.get(name, 0) + time.perf_counter() - t
    return f

from apswutils.db import Table
import functools
litesearch.ingest._sync_ann = _timed_stage('HNSW', litesearch.ingest._sync_ann)
# the graph layer's reference extraction (db.ref_indexing(False) turns it off), kept under its name so it stays registered once
litesearch.ingest._on_write = _timed_stage('graph refs', litesearch.ingest._on_write)
Table.optimize_fts = _timed_stage('FTS merge', Table.optimize_fts)
# named 'hash': it makes hash_embed's vectors (an unnamed callable is refused on a store recorded as 'hash')
_embed = Embedder(_timed_stage('embed', hash_embed), spec='hash')

ROUTED = 0
EMB = load_embedder('hash')     # hash_embed 256-d; --embedder swaps it for the --real runs
PROFILE = False   # --profile: where the first sections() after a write goes
UNTUNED = False   # --untuned: drop what add_dir's tune_index chose, to measure the default breadth

def rss_mb(): return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

def pages_of(words, rng, n):
    W = len(words); out = []
    for p in range(n):
        k = rng.randint(35, 55); i = rng.randrange(0, W - k)
        out.append((p + 1, ' '.join(words[i:i+k]) + '.'))
    return out

def grow(db, words, rng, upto, state):
    "add_doc documents until the store holds `upto` chunks; returns (seconds, chunks added, slowest document s)."
    t0, added, worst = time.perf_counter(), 0, 0.0
    while state['chunks'] < upto:
        ps = pages_of(words, rng, min(PAGES, upto - state['chunks']))
        t = time.perf_counter()
        r = db.add_doc(ps, f'doc {state["docs"]}', embedder=_embed)
        worst = max(worst, time.perf_counter() - t)
        state['chunks'] += r['chunks']; state['docs'] += 1; added += r['chunks']
        if not r['chunks']: break
    return time.perf_counter() - t0, added, worst

def overlap(a, b): return np.mean([len(set(x) & set(y)) / max(len(y), 1) for x, y in zip(a, b)])

def measure(db, path, words, n, nq):
    st = db.t.store
    rng = random.Random(n)
    # the queries tune_index asks: 8 consecutive words of random chunks with at least 8 (a window past a short chunk's
    # end once gave empty queries, embedding to zeros, whose arbitrary 'neighbours' pulled real-text recall to 0.93)
    qs = _tune_queries(st, nq, seed=n)
    assert len(qs) == nq, f'{len(qs)} queries of 8 words or more in the store, {nq} asked'
    Q = EMB.query(qs)
    exh = [st.vec_search(Q[i], ['id'], 10) for i in range(nq)]
    anh = [st.ann_search(Q[i], ['id'], 10) for i in range(nq)]
    ex = [[h['rowid'] for h in hs] for hs in exh]
    an = [[h['rowid'] for h in hs] for hs in anh]
    # real text repeats itself (boilerplate across filings): rows at the same distance as the 10th exact one are
    # as right as it is, and which of them a top-10 holds is arbitrary. Count a hit right if it is no farther
    tie = np.mean([sum(h['_dist'] <= e[-1]['_dist'] + 1e-3 for h in a) / len(e) for a, e in zip(anh, exh) if e])
    se = [[s['node_id'] for s in db.sections(qs[i], Q[i], limit=10, ann=False, **ROUTE)] for i in range(nq)]
    sa = [[s['node_id'] for s in db.sections(qs[i], Q[i], limit=10, ann=True, **ROUTE)] for i in range(nq)]
    print(f'recall@10 vs exact: HNSW vector leg {overlap(an, ex):.3f} (ties counted: {tie:.3f}) | fused sections() top-10 overlap {overlap(sa, se):.3f}')
    # what a caller gets by default: HNSW from ANN_MIN_ROWS, unless tune_index (add_dir runs it) chose the exact scan
    sd = [[s['node_id'] for s in db.sections(qs[i], Q[i], limit=10, **ROUTE)] for i in range(nq)]
    print(f'sections() with ann=None: {"HNSW" if _use_ann(st, None) else "exact scan"}, top-10 overlap with exact {overlap(sd, se):.3f}')
    r = {}
    for nm, a in (('exact', False), ('ANN', True)):
        r[f'vector leg {nm}'] = timed(lambda i: (st.ann_search if a else st.vec_search)(Q[i], ['id'], 10), range(nq))
        r[f'search {nm}'] = timed(lambda i: db.chunk_search(qs[i], Q[i], ['id'], limit=10, ann=a), range(nq))
        r[f'doc_search {nm}'] = timed(lambda i: db.doc_search(qs[i], Q[i], limit=10, ann=a, **ROUTE), range(nq))
        r[f'sections {nm}'] = timed(lambda i: db.sections(qs[i], Q[i], limit=5, ann=a, **ROUTE), range(nq))
    r['sections ann=None'] = timed(lambda i: db.sections(qs[i], Q[i], limit=5, **ROUTE), range(nq))
    if ROUTED:
        r[f'sections route={ROUTED} ANN'] = timed(lambda i: db.sections(qs[i], Q[i], limit=5, ann=True, route=ROUTED), range(min(nq, 10)))
    for k, v in r.items(): print(f'  {k:<20} p50 {pct(v, 50):7.2f} ms   p95 {pct(v, 95):7.2f} ms')
    # a write, then the first query of each kind: what a reader pays to catch up
    db.add_doc(pages_of(words, rng, 3), f'probe {n}', embedder=EMB)
    t = time.perf_counter(); st.vec_search(Q[0], ['id'], 10); fe = time.perf_counter() - t
    t = time.perf_counter(); st.ann_search(Q[0], ['id'], 10); fa = time.perf_counter() - t
    if PROFILE: import cProfile; pr = cProfile.Profile(); pr.enable()
    t = time.perf_counter(); db.sections(qs[0], Q[0], **ROUTE); fs = time.perf_counter() - t
    if PROFILE:
        pr.disable(); import pstats; pstats.Stats(pr).sort_stats('cumulative').print_stats(25)
    print(f'first query after a write: exact vector leg {fe*1000:.0f} ms, ANN vector leg {fa*1000:.0f} ms, sections {fs*1000:.0f} ms')
    # save_index() maps the file it wrote: this writer's exact scans then read the mapped matrix, as a reader's do
    t = time.perf_counter(); st.save_index(); sv = time.perf_counter() - t
    w = timed(lambda i: st.vec_search(Q[i], ['id'], 10), range(nq))
    print(f'save_index() {sv*1000:.0f} ms; then in this writer (mapped scan: ' + ('yes' if st.ann.flat() is not None else 'no')
          + f'): vector leg exact p50 {pct(w, 50):.2f} / p95 {pct(w, 95):.2f} ms')
    db.close()
    db = database(path)
    t = time.perf_counter(); db.sections(qs[1], Q[1], ann=False, **ROUTE); fo = time.perf_counter() - t
    t = time.perf_counter(); db.sections(qs[1], Q[1], ann=True, **ROUTE); fa2 = time.perf_counter() - t
    print(f'first query after reopening: sections exact (checks and maps the sidecar) {fo*1000:.0f} ms, then sections ANN {fa2*1000:.0f} ms')
    # a reader that has not written since opening scans the mapped sidecar's matrix itself (both cores); a writer's
    # index lives in memory, where usearch's own exact search scans it (the timings above)
    st = db.t.store
    r = {'vector leg exact': timed(lambda i: st.vec_search(Q[i], ['id'], 10), range(nq)),
         'sections exact': timed(lambda i: db.sections(qs[i], Q[i], limit=5, ann=False, **ROUTE), range(nq))}
    print('after reopening, sidecar mapped (mapped scan: ' + ('yes' if st.ann.flat() is not None else 'no') + '): '
          + ', '.join(f'{k} p50 {pct(v, 50):.2f} / p95 {pct(v, 95):.2f} ms' for k, v in r.items()))
    sz = lambda p: p.stat().st_size / 2**20 if p.exists() else 0
    side = path.with_name(path.name + '.store.usearch')
    print(f'files: db {sz(path):.0f} MB, wal {sz(Path(f"{path}-wal")):.0f} MB, HNSW sidecar {sz(side):.0f} MB | peak RSS so far {rss_mb():.0f} MB')
    return db

def real(nq, chunk_size):
    "Recall and timings on real text: the filings and EU PDFs ingested by add_dir (EMB, hash_embed 256-d unless --embedder)."
    # the corpora make ~28k chunks at the default 800 characters; chunk_size 200 cuts the same text into ~100k
    data = Path(__file__).resolve().parent.parent.parent/'shared'/'data'
    d = Path(tempfile.mkdtemp()); path = d/'real.db'
    db = database(path); db.get_tree(ann=True)
    t = time.perf_counter()
    tuned = [r.stats['tuned'] for sub in ('filings', 'eu') if 'tuned' in (r := db.add_dir(data/sub, embedder=EMB, chunker=Chunker(chunk_size))).stats]
    n = db.execute('SELECT count(*) FROM store').fetchone()[0]
    print(f'\n== real text: {n:,} chunks of ~{chunk_size} characters from {data}/filings and /eu, {EMB.spec} (ingest {time.perf_counter() - t:.0f} s) ==')
    # add_dir ends a load with tune_index once the store is past ANN_MIN_ROWS (again at each doubling)
    for tr in tuned:
        print(f'add_dir ran tune_index() at {tr["rows"]:,} rows: breadth {tr["ef"]}, exact scan {tr["exact"]}, recall {tr["recall"]} '
              f'({tr["ms_hnsw"]} ms, exact {tr["ms_exact"]} ms); tried {tr["rungs"]}')
    if UNTUNED: db.execute("DELETE FROM _litesearch WHERE key = 'store.ann_tune'"); print('(--untuned: its choice dropped)')
    measure(db, path, eu_words(), n, nq).close()

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--sizes', default='10000,100000')
    ap.add_argument('--million', action='store_true', help='grow on to 1,000,000 chunks')
    ap.add_argument('--nq', type=int, default=100)
    ap.add_argument('--dir', default=None, help='folder for the database (default: a temporary one)')
    ap.add_argument('--route', type=int, default=0, help='also time sections(route=N), the routed default (3), on 10 queries')
    ap.add_argument('--profile', action='store_true', help='print a profile of the first sections() after a write')
    ap.add_argument('--real', action='store_true', help='also measure on real text: the 30 filings and the EU acts via add_dir')
    ap.add_argument('--embedder', default='hash', help="embedder spec for --real, e.g. static:FOLDER (bench/static_model.py builds MiniLM's)")
    ap.add_argument('--real-chunks', default='800', help='chunk sizes for --real: 800 (the default, ~28k chunks), 200 (~100k)')
    ap.add_argument('--untuned', action='store_true', help="drop what add_dir's tune_index chose for the --real stores before measuring them")
    a = ap.parse_args()
    global ROUTED, PROFILE, UNTUNED; ROUTED, PROFILE, UNTUNED = a.route, a.profile, a.untuned
    if a.real:
        global EMB; EMB = load_embedder(a.embedder)
        for c in a.real_chunks.split(','): real(a.nq, int(c))
    sizes = [int(s) for s in a.sizes.split(',') if int(s)] + ([1_000_000] if a.million else [])
    if not sizes: return
    words = eu_words()
    d = Path(a.dir or tempfile.mkdtemp()); path = d/'scale.db'
    for p in d.glob('scale.db*'): p.unlink()
    db = database(path); db.get_tree(ann=True)
    state, rng, t_all = dict(chunks=0, docs=0), random.Random(0), time.perf_counter()
    print(f'pages of ~45 words, {PAGES}-page documents, hash_embed 256-d float16; {os.cpu_count()} cores; load {os.getloadavg()[0]:.1f}; '
          f'sections/doc_search with route=0 (whole store)')
    for n in sizes:
        # per-chunk cost in steps of at most 100k, so growth shows
        step = 100_000 if n > 100_000 else 30_000
        while state['chunks'] < n:
            start = state['chunks']; STAGES.clear()
            s, k, worst = grow(db, words, rng, min(n, (start // step + 1) * step), state)
            parts = ', '.join(f'{nm} {v/k*1000:.3f}' for nm, v in STAGES.items())
            if k: print(f'ingest {start:>9,} -> {state["chunks"]:>9,} chunks: {s/k*1000:.3f} ms/chunk ({parts}), slowest document {worst:.2f} s')
        print(f'\n== {state["chunks"]:,} chunks ({time.perf_counter() - t_all:.0f} s so far) ==')
        db = measure(db, path, words, n, a.nq)
    db.close()
    print(f'\ntotal {time.perf_counter() - t_all:.0f} s, peak RSS {rss_mb():.0f} MB')

if __name__ == '__main__': main()
