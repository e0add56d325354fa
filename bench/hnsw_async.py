"""HNSW inserts on the worker thread vs in the caller: two stores grown side by side by `add_doc`, 10k chunks each in
turn (so the machine's load falls on both alike), with `litesearch.tuning.ANN_ADD_ASYNC` on for one and off for the other. Each
turn's time includes waiting for the last add in flight.

Prints, per band of chunks, each store's ingest ms/chunk and their ratio, and checks that both indexes answer alike
(recall@10 of each HNSW leg against the exact scan on the same queries).

Run: nice python bench/hnsw_async.py [--chunks 200000] [--band 50000]
"""
import litesearch, litesearch.tuning
import argparse, random, sys, tempfile, time
from pathlib import Path
import numpy as np
sys.path.insert(0, str(Path(__file__).resolve().parent))
from litesearch import database, hash_embed
import litesearch.core as core
from _corpus import eu_words
from scale import pages_of, overlap

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--chunks', type=int, default=200_000)
    ap.add_argument('--band', type=int, default=50_000)
    a = ap.parse_args()
    words, d = eu_words(), Path(tempfile.mkdtemp())
    dbs = {}
    for mode in ('async', 'sync'):
        db = database(d/f'{mode}.db'); db.get_tree(ann=True); dbs[mode] = db
    rng = {m: random.Random(0) for m in dbs}          # the same documents in both stores
    spent, n, start, k = {m: 0.0 for m in dbs}, 0, 0, 0
    print(f'two stores grown to {a.chunks:,} chunks by add_doc (1000-page documents, hash_embed 256-d float16), 10k chunks each in turn')
    chunks = {m: 0 for m in dbs}
    while n < a.chunks:
        upto = min(n + 10_000, a.chunks)
        for mode, db in dbs.items():
            litesearch.tuning.ANN_ADD_ASYNC = mode == 'async'
            t = time.perf_counter()
            while chunks[mode] < upto:
                r = db.add_doc(pages_of(words, rng[mode], 1000), f'doc {k}', embedder=hash_embed)
                chunks[mode] += r['chunks']; k += 1
            db.t.store.ann.index                      # the add still in flight counts: wait for it
            spent[mode] += time.perf_counter() - t
        n = min(chunks.values())
        if n - start >= a.band or n >= a.chunks:
            ms = {mode: spent[mode] / (chunks[mode] - start) * 1000 for mode in dbs}
            print(f'{start:>9,} -> {n:>9,} chunks: worker thread {ms["async"]:.3f} ms/chunk, caller {ms["sync"]:.3f} ms/chunk, '
                  f'ratio {ms["async"] / ms["sync"]:.2f}', flush=True)
            spent, start = {mode: 0.0 for mode in dbs}, n
    q = hash_embed([' '.join(random.Random(i).sample(words, 8)) for i in range(50)], 256)
    for mode, db in dbs.items():
        st = db.t.store
        ex = [[h['rowid'] for h in st.vec_search(v, ['id'], 10)] for v in q]
        an = [[h['rowid'] for h in st.ann_search(v, ['id'], 10)] for v in q]
        print(f'{mode:>5}: HNSW recall@10 vs exact {overlap(an, ex):.3f}')
        db.close()

if __name__ == '__main__': main()
