"""The same text at several paths (issue 11): what copies cost, and what looking sources up costs every add.

    python bench/copies.py [--files 150] [--adds 200]

1. A folder of N distinct markdown files plus a copy of each under another name: wall time, texts embedded, documents,
   chunks, and how many of the top 20 hits of a query are distinct passages (copies stored once: no repeats).
2. N tiny `add_doc` calls (hash embedder, so the lookups are not hidden behind a model): the time with the source
   lookups as they are, and with them stubbed out (every text new, the pre-sources behaviour), as a ratio in one run.
"""
import litesearch
import argparse, tempfile, time
from pathlib import Path
import litesearch.tree as t
from litesearch import database, hash_embed

def copies(n):
    d = Path(tempfile.mkdtemp()); (d/'a').mkdir(); (d/'b').mkdir()
    for i in range(n):
        txt = f'# Note {i}\n\n' + ' '.join(f'word{(i * 7 + k) % 97}' + (f' note{i}' if k % 30 == 0 else '') for k in range(400)) + f'\n\n## Part\n\nmore text {i}'
        (d/'a'/f'n{i:03}.md').write_text(txt); (d/'b'/f'copy{i:03}.md').write_text(txt)
    seen = [0]
    def emb(ts, **kw): seen[0] += len(ts); return hash_embed(ts)
    db = database(d/'x.db')
    t0 = time.perf_counter(); res = db.add_dir(d, embedder=emb); wall = time.perf_counter() - t0
    q = 'word5 word12 word19'
    hits = db.chunk_search(q, hash_embed([q])[0], limit=20)
    print(f'{2 * n} files ({n} copies): {wall:.3f} s, {seen[0]} texts embedded (2 are the probe), {res.stats["duplicates"]} duplicates, '
          f'{db.t.docs.count} documents, {db.t.store.count} chunks, {len({h["content"] for h in hits})} distinct passages in the top {len(hits)} hits')
    db.close()

def adds(n, stub):
    saved = litesearch.ingest._holder, litesearch.ingest._twin, litesearch.ingest._srcs_ddl, litesearch.ingest._free_id
    if stub: litesearch.ingest._holder, litesearch.ingest._twin, litesearch.ingest._srcs_ddl, litesearch.ingest._free_id = (lambda *a: None), (lambda *a: None), (lambda *a: None), (lambda tr, p: p.did)
    try:
        best = float('inf')
        for _ in range(5):
            db = database(Path(tempfile.mkdtemp())/'x.db')
            t0 = time.perf_counter()
            for i in range(n): db.add_doc(f'# Doc {i}\n\ntext number {i} ' * 20, title=f'd{i}', embedder=hash_embed)
            best = min(best, time.perf_counter() - t0); db.close()
        return best
    finally: litesearch.ingest._holder, litesearch.ingest._twin, litesearch.ingest._srcs_ddl, litesearch.ingest._free_id = saved

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--files', type=int, default=150)
    ap.add_argument('--adds', type=int, default=200)
    a = ap.parse_args()
    copies(a.files)
    on, off = adds(a.adds, False), adds(a.adds, True)
    print(f'{a.adds} add_doc calls, best of 5: {on:.3f} s with source lookups, {off:.3f} s without: ratio {on / off:.2f}')
