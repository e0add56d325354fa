"""Retrieval quality on the EU corpus (hash_embed, or any embedder): a known-item query set built from the corpus itself.

120 passages are sampled from node-scoped chunks, for each of two seeds (two independent samples, so a
difference that shows in one only is noise). Each passage becomes three queries:
  verbatim  - a 24-word window of the chunk
  degraded  - the same window with about half its words dropped and neighbours swapped
  keyword   - the 4 rarest words of the window (by document frequency across chunks); a window with fewer
              than 4 words of 3+ letters (tables of numbers and codes) is passed over for another passage
A result is correct when it is a section holding the passage (sections; the acts repeat boilerplate
verbatim, so every section holding it counts) / a chunk containing the passage's anchor, a 6-word run
from its middle (doc_search, node-scoped and plain stores judged alike).

Latency is measured per call, as wall time and as this thread's CPU time (the machine is shared: CPU time
is what the code costs, wall time adds whatever else the machine was doing).

The embedder (used for ingest and for queries alike) is hash_embed at 256 dims unless --embedder names a
`module:function` taking list[str] and returning an (n, dim) array; bench/ is importable, so a real one is e.g.
`--embedder embedders:minilm` (see bench/embedders.py for what it needs installed).

Run: python bench/quality.py [--seeds 3,11] [--embedder SPEC]   (SPEC: hash, static:FOLDER, onnx:FOLDER, module:function, ...)
"""
import random, re, time, math, argparse, importlib
from collections import Counter
import numpy as np
from litesearch import database, hash_embed
from litesearch.embed import load_embedder
import litesearch.tree
from _corpus import eu_pages, pct

enc = load_embedder('hash')     # the default; --embedder replaces it for ingest and queries (any litesearch spec)
norm = lambda s: ' '.join(re.findall(r'\w+', s.lower()))

def ingest(db, pages, store, **kw):
    for stem, ps in pages.items(): db.add_doc(ps, title=stem, source=stem, kind='pdf', store=store, emb_fn=enc, **kw)

def make_queries(db, n=120, seed=3):
    rows_all = db.t.store()
    rows = [r for r in rows_all if len(r['content'].split()) >= 40]
    df = Counter(w for r in rows for w in set(norm(r['content']).split()))
    rng = random.Random(seed)
    out = []
    for r in rng.sample(rows, len(rows)):
        if len(out) == n: break
        ws = r['content'].split(); i = rng.randrange(0, len(ws) - 24); win = ws[i:i+24]
        toks = [t for t in dict.fromkeys(norm(' '.join(win)).split()) if len(t) > 2 and not t.isdigit()]
        if len(toks) < 4: continue        # a window of numbers and codes has no keyword query to give
        deg = [w for w in win if rng.random() > 0.5]
        for j in range(0, len(deg) - 1, 4): deg[j], deg[j+1] = deg[j+1], deg[j]
        kw = sorted(toks, key=lambda t: (df[t], t))[:4]
        full = norm(' '.join(win))
        # EU acts repeat boilerplate verbatim: every section holding the passage is a right answer
        nodes = {x['node_id'] for x in rows_all if full in norm(x['content'])} | {r['node_id']}
        out.append(dict(node=r['node_id'], nodes=nodes, anchor=norm(' '.join(win[9:15])),
                        q=dict(verbatim=' '.join(win), degraded=' '.join(deg), keyword=' '.join(kw))))
    return out

def mrr_recall(ranks):
    return np.mean([1 / r if r else 0 for r in ranks]), np.mean([1 if r else 0 for r in ranks])

def rank_of(items, ok):
    for i, x in enumerate(items[:10]):
        if ok(x): return i + 1
    return 0

def evaluate(db, Q, kind, fn, judge, store='store'):
    ranks, ts, cs = [], [], []
    for it in Q:
        q = it['q'][kind]; e = enc.query([q])[0]
        t, c = time.perf_counter(), time.thread_time(); res = fn(q, e, store)
        ts.append(time.perf_counter() - t); cs.append(time.thread_time() - c)
        ranks.append(rank_of(res, lambda x: judge(x, it)))
    return (*mrr_recall(ranks), ts, cs)

sec_judge = lambda s, it: s['id'] in it['nodes']
hit_judge = lambda h, it: it['anchor'] in norm(h['content'])

CONFIGS = [
    ('sections score=max', lambda db: lambda q, e, s: db.sections(q, e, limit=10, store=s), 'sec', 'store'),
    ('sections score=sum', lambda db: lambda q, e, s: db.sections(q, e, limit=10, store=s, score='sum'), 'sec', 'store'),
    ('sections score=mean', lambda db: lambda q, e, s: db.sections(q, e, limit=10, store=s, score='mean'), 'sec', 'store'),
    ('sections no proximity', lambda db: lambda q, e, s: db.sections(q, e, limit=10, store=s, prox=False), 'sec', 'store'),
    ('sections weights=(1,.25)', lambda db: lambda q, e, s: db.sections(q, e, limit=10, store=s, weights=(1, .25)), 'sec', 'store'),
    ('sections keyword only', lambda db: lambda q, e, s: db.sections(q, False, limit=10, store=s), 'sec', 'store'),
    ('sections emb=None', lambda db: lambda q, e, s: db.sections(q, limit=10, store=s), 'sec', 'store'),     # the store embeds q itself
    ('doc_search node-scoped', lambda db: lambda q, e, s: db.doc_search(q, e, limit=10, store=s, spans=False), 'hit', 'store'),
    ('doc_search plain chunks', lambda db: lambda q, e, s: db.doc_search(q, e, limit=10, store=s, spans=False), 'hit', 'plain'),
]
JUDGES = dict(sec=sec_judge, hit=hit_judge)

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--seeds', default='3,11', help='comma-separated sample seeds')
    ap.add_argument('--embedder', default=None, help='litesearch embedder spec: hash, hash:DIM, static:ID|FOLDER, onnx:ID|FOLDER, module:function (default: hash)')
    a = ap.parse_args()
    if a.embedder: enc = load_embedder(a.embedder)
    print(f"embedder {enc.spec or enc.name}, {enc.dim} dims")   # also loads a model before ingest is timed
    pages = eu_pages()
    db = database()
    t = time.perf_counter(); ingest(db, pages, 'store'); ingest(db, pages, 'plain', mode='window', window=1, with_heading=False)
    print(f'ingested 2 x {sum(len(p) for p in pages.values())} pages in {time.perf_counter()-t:.1f}s; '
          f'{db.t.store.count} node-scoped chunks, {db.t.plain.count} plain (page-window) chunks')
    lat = {}
    for seed in [int(x) for x in a.seeds.split(',')]:
        Q = make_queries(db, seed=seed)
        print(f'\nseed {seed}: {len(Q)} known-item passages x 3 variants')
        print(f"{'config':<26}" + ''.join(f'{k:>20}' for k in ('verbatim', 'degraded', 'keyword')))
        print(f"{'':<26}" + ''.join(f"{'MRR@10  R@10':>20}" for _ in range(3)))
        for name, mk, judge, store in CONFIGS:
            row = f'{name:<26}'
            for kind in ('verbatim', 'degraded', 'keyword'):
                m, r, ts, cs = evaluate(db, Q, kind, mk(db), JUDGES[judge], store)
                w, c = lat.setdefault(name, ([], []))
                w.extend(ts); c.extend(cs)
                row += f'{m:>12.3f}{r:>8.3f}'
            print(row)
    print()
    for name in ('sections score=max', 'doc_search node-scoped'):
        w, c = lat[name]
        print(f'latency {name:<24} wall p50 {pct(w, 50):6.2f} ms  p95 {pct(w, 95):6.2f} ms | '
              f'cpu p50 {pct(c, 50):6.2f} ms  p95 {pct(c, 95):6.2f} ms   ({len(w)} queries)')
