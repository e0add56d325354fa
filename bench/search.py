"""Search benchmark: exact f32 (sqlite-vec and numpy), exact f16 (numpy), ANN (usearch), FTS, fused db.search, insert cost.

Run: python bench/search.py            (10k and 100k chunks; about 3 minutes on 2 cores)
     python bench/search.py --sizes 10000
"""
import argparse, time, tempfile, random
from pathlib import Path
import numpy as np
from litesearch import database, hash_embed
from _corpus import eu_words, synthetic_chunks, pct, timed

def build(db, name, texts, vecs, ann):
    st = db.get_store(name, ann=ann)
    t = time.perf_counter()
    for i in range(0, len(texts), 10_000):
        with db.conn:
            st.insert_all([dict(content=c, embedding=b) for c, b in zip(texts[i:i+10_000], st.add_embeddings(vecs[i:i+10_000]))])
        if ann: st.ann.sync()
    return st, time.perf_counter() - t

def run(n, words, nq=200):
    texts = synthetic_chunks(n, words, seed=n)
    t = time.perf_counter(); V16 = hash_embed(texts, 256); emb_s = time.perf_counter() - t
    d = Path(tempfile.mkdtemp()); db = database(d/'bench.db')
    s16, ins16 = build(db, 'f16', texts, V16, ann=True)
    s32, ins32 = build(db, 'f32', texts, V16.astype(np.float32), ann=False)
    rng = random.Random(1)
    qs = [' '.join(t.split()[j:j+8]) for t in rng.sample(texts, nq) for j in [rng.randrange(0, 20)]]
    Q16 = hash_embed(qs, 256)
    print(f'\n== {n:,} chunks, 256-d hash_embed ==')
    print(f'embed {n/emb_s:,.0f} chunks/s | insert+FTS+ANN mirror {n/ins16:,.0f} chunks/s (f16 store) | insert+FTS {n/ins32:,.0f} chunks/s (f32 store)')
    it = iter(range(nq))
    r = {}
    r['exact f32 (sqlite-vec)'] = timed(lambda i: s32.vec_search(Q16[i].astype(np.float32), ['id'], 10, engine='sql'), range(nq))
    s32.vec_search(Q16[0].astype(np.float32), ['id'], 10)   # warm the f32 matrix cache
    r['exact f32 (numpy)'] = timed(lambda i: s32.vec_search(Q16[i].astype(np.float32), ['id'], 10), range(nq))
    s16.vec_search(Q16[0], ['id'], 10)   # warm the f16 matrix cache (one-off cost below)
    t = time.perf_counter(); db._ls.mats.clear(); s16.vec_search(Q16[0], ['id'], 10); warm = time.perf_counter() - t
    r['exact f16 (numpy)'] = timed(lambda i: s16.vec_search(Q16[i], ['id'], 10), range(nq))
    r['ANN (usearch HNSW)'] = timed(lambda i: s16.ann_search(Q16[i], ['id'], 10), range(nq))
    r['FTS (bounded)'] = timed(lambda i: s16.fts_search(qs[i], ['id'], 10), range(nq))
    r['db.search exact'] = timed(lambda i: db.chunk_search(qs[i], Q16[i], ['id'], 'f16', 10, ann=False), range(nq))
    r['db.search ANN'] = timed(lambda i: db.chunk_search(qs[i], Q16[i], ['id'], 'f16', 10, ann=True), range(nq))
    for k, v in r.items(): print(f'{k:<24} p50 {pct(v, 50):7.2f} ms   p95 {pct(v, 95):7.2f} ms')
    print(f'f16 matrix load (first query after a write): {warm*1000:.0f} ms')
    ex = [[h['rowid'] for h in s16.vec_search(Q16[i], ['id'], 10)] for i in range(nq)]
    an = [[h['rowid'] for h in s16.ann_search(Q16[i], ['id'], 10)] for i in range(nq)]
    rec = np.mean([len(set(a) & set(e)) / len(e) for a, e in zip(an, ex)])
    fe = [[h['rowid'] for h in db.chunk_search(qs[i], Q16[i], ['id'], 'f16', 10, ann=False)] for i in range(nq)]
    fa = [[h['rowid'] for h in db.chunk_search(qs[i], Q16[i], ['id'], 'f16', 10, ann=True)] for i in range(nq)]
    frec = np.mean([len(set(a) & set(e)) / max(len(e), 1) for a, e in zip(fa, fe)])
    sp = pct(r['exact f16 (numpy)'], 50) / pct(r['ANN (usearch HNSW)'], 50)
    sp32 = pct(r['exact f32 (sqlite-vec)'], 50) / pct(r['ANN (usearch HNSW)'], 50)
    print(f'ANN recall@10 vs exact: vector leg {rec:.3f}, fused db.search top-10 {frec:.3f}')
    print(f'ANN speed-up at p50: {sp32:.1f}x over exact f32 (sqlite-vec), {sp:.1f}x over exact f16 (numpy)')
    db.close()

def insert_flat(words, upto=100_000, step=10_000, marks=(0, 50_000, 90_000)):
    "Insert cost per 10k chunks as the store grows (FTS triggers + ANN log + incremental HNSW add)."
    texts = synthetic_chunks(upto, words, seed=99); V = hash_embed(texts, 256)
    d = Path(tempfile.mkdtemp()); db = database(d/'grow.db'); st = db.get_store(ann=True)
    print('\n== insert cost per 10k chunks as the store grows ==')
    for i in range(0, upto, step):
        t = time.perf_counter()
        with db.conn:
            st.insert_all([dict(content=c, embedding=b) for c, b in zip(texts[i:i+step], st.add_embeddings(V[i:i+step]))])
        st.ann.sync()
        dt = time.perf_counter() - t
        if i in marks: print(f'at {i:>6,} existing rows: {dt:.2f} s per 10k chunks')
    db.close()

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--sizes', default='10000,100000')
    a = ap.parse_args()
    words = eu_words()
    for n in map(int, a.sizes.split(',')): run(n, words)
    insert_flat(words)
