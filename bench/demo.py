"""The main job on a real corpus: ingest a folder of documents into one SQLite file, show the trees, answer with sections.

Run: python bench/demo.py ../shared/data/eu [--db eu.db] [--q "question" ...]
"""
import argparse, time
from pathlib import Path
from litesearch import database, hash_embed
import litesearch.tree

QS = ['place of supply of services to a taxable person', 'exemption for medical care hospital',
      'recovery and resilience plan assessment criteria', 'satellite broadcasting copyright clearance']

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('dir'); ap.add_argument('--db', default=':memory:'); ap.add_argument('--q', nargs='*', default=QS)
    a = ap.parse_args()
    enc = lambda ts: hash_embed(ts, 256)
    db = database(a.db)
    t = time.perf_counter(); res = db.add_dir(a.dir, emb_fn=enc)
    print(f'ingested {len(res)} documents, {sum(r.get("chunks", 0) for r in res)} chunks in {time.perf_counter()-t:.1f}s')
    for r in res:
        if 'error' in r: print('  failed:', r['source'], r['error'])
    for d in db.toc(max_depth=1):
        kids = d['tree']['children']
        print(f"\n{d['title']} ({d['pages']} pages, {len(kids)} top-level divisions)")
        for k in kids[:6]: print(f"  {k['title'][:70]:<70} p{k['pages'][0]+1}-{k['pages'][1]+1}")
        if len(kids) > 6: print(f'  ... {len(kids)-6} more')
    for q in a.q:
        print(f'\nQ: {q}')
        for s in db.sections(q, enc([q])[0], limit=3):
            print(f"  {s['score']:.4f}  {s['breadcrumb'][:90]}  pages {s['pages'][0]+1}-{s['pages'][1]+1}  {s['read']}")
        top = db.sections(q, enc([q])[0], limit=1)
        if top: print('  >', ' '.join(db.read(top[0]['id'], max_chars=300)['text'].split())[:300])
    db.close()

if __name__ == '__main__': main()
