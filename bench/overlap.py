"""Parsing ahead: `add_dir` with a slow embedder, embedding each batch in a thread while the next files are parsed and
planned (`thread=True`, the default) against one step at a time (`thread=False`), in one run, as a ratio.

The embedder is `hash_embed` (64 dims) slowed by a sleep per chunk, as a transformer on this machine is (~5 chunks/s
for the real one; the default here is faster, so the run ends in minutes). Each corpus is loaded from scratch into a
fresh in-memory database, alternately with and without the thread, `--rounds` times each; the best wall time of each
is compared. Parsing is serial (`n_workers=0`): the gain is what overlapping parse + plan with embedding saves.

Run: python bench/overlap.py [--ms-per-chunk 2] [--rounds 2] [--only md]     (from the project root)
"""
import argparse, sys, time
from pathlib import Path
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT/'bench')]
from ingest import make_markdown, EU
from litesearch import database
from litesearch.embed import hash_embed

def slow(ms):
    def embed(ts): time.sleep(ms / 1000 * len(ts)); return hash_embed(ts, dim=64)
    return embed

def load(path, emb, thread):
    db = database()
    t = time.perf_counter()
    res = db.add_dir(path, embedder=emb, n_workers=0, thread=thread, progress=False)
    wall = time.perf_counter() - t
    db.close()
    assert not res.stats['errors'], [r for r in res if 'error' in r]
    return wall, res.stats

def main(ms, rounds, only):
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        md = Path(tmp)/'md'; md.mkdir(); make_markdown(md)
        corpora = [('150 markdown', md), ('EU PDFs (8)', EU)]
        print(f'slow embedder: hash_embed + {ms} ms a chunk; n_workers=0; {rounds} rounds each, alternating; the best of each compared')
        print(f"{'corpus':<14}{'chunks':>7}{'parse':>7}{'tree':>7}{'embed':>7}{'write':>7}{'serial s':>10}{'thread s':>10}{'ratio':>7}   every round (serial | thread)")
        for name, path in corpora:
            if only and not name.startswith(only): continue
            runs = {False: [], True: []}
            for _ in range(rounds):
                for th in (False, True): runs[th].append(load(path, slow(ms), th))
            (a, s), (b, _) = min(runs[False], key=lambda r: r[0]), min(runs[True], key=lambda r: r[0])
            every = ' '.join(f'{w:.2f}' for w, _ in runs[False]) + ' | ' + ' '.join(f'{w:.2f}' for w, _ in runs[True])
            print(f"{name:<14}{s['chunks']:>7}{s['parse_s']:>7.2f}{s['tree_s']:>7.2f}{s['embed_s']:>7.2f}{s['write_s']:>7.2f}{a:>10.2f}{b:>10.2f}{b/a:>7.2f}   {every}")
        print('parse, tree, embed, write: seconds of the best serial run; ratio: best thread wall / best serial wall (below 1: the share the thread saves)')

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--ms-per-chunk', type=float, default=2.0, help='sleep per chunk embedded (200 is a transformer at 5 chunks/s)')
    ap.add_argument('--rounds', type=int, default=2)
    ap.add_argument('--only', default=None, help="corpora whose name starts so, e.g. 'EU'")
    a = ap.parse_args()
    main(a.ms_per_chunk, a.rounds, a.only)
