"""Per-question section ranks of `bench/quality.py`'s question sets, as JSON: the before/after lists bench/README quotes.

Each question's rank of its first right section in `sections(q, limit=10)` (0: not in the top 10), with its half (tune/test),
for each leg asked: hybrid (the embedder's vectors passed in), keyword (emb=False), default (emb=None: what the store chooses;
a `hash` store ranks by keywords), vector. Run it once with the code before a change and once after (a checkout of each on
PYTHONPATH), each with its own --cache, and compare the two files with --compare.

Run: python bench/per_question.py --sets reports,blindreports --legs default --cache DIR > after.json
     python bench/per_question.py --compare before.json after.json
"""
import sys, json, argparse
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent))

def ranks(sets, legs, cache, embedder=None, route=3, one_store=False):
    "{'set/leg': [{id, half, rank}]} for every set and leg; MRR per half to stderr."
    import quality as Q
    if embedder: Q.enc = Q.load_embedder(embedder); Q.EMBEDDER = embedder
    if one_store: Q.ONE = False
    out = {}
    for name in sets:
        qs = Q.load_questions(name)
        halves = [q.get('half', ('tune', 'test')[i % 2]) for i, q in enumerate(qs)]
        db, ids = Q.question_store(name, None, cache)
        for leg in legs:
            r = Q.eval_questions(db, ids, qs, route, leg)['per'][0]
            out[f'{name}/{leg}'] = [dict(id=q.get('id', i), half=h, rank=k) for i, (q, h, k) in enumerate(zip(qs, halves, r))]
            for h in ('tune', 'test'):
                rr = [1 / x['rank'] if x['rank'] else 0 for x in out[f'{name}/{leg}'] if x['half'] == h]
                print(f'{name} {leg} {h}: MRR {sum(rr) / len(rr):.3f} n={len(rr)}', file=sys.stderr)
    return out

def compare(a, b):
    "The questions whose rank differs between two runs, as lines."
    return [f"{k} {x['id']} ({x['half']}) {x['rank']} -> {y['rank']}" for k in a if k in b for x, y in zip(a[k], b[k]) if x['rank'] != y['rank']]

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--sets', default='reports', help='comma-separated question sets (as quality.py --sets)')
    ap.add_argument('--legs', default='hybrid', help='comma-separated: hybrid, keyword, default, vector')
    ap.add_argument('--cache', default=None, help='folder keeping the stores between runs')
    ap.add_argument('--embedder', default=None, help='litesearch embedder spec (default: hash)')
    ap.add_argument('--route', type=int, default=3)
    ap.add_argument('--one-store', action='store_true', help='ask every set of one store of all the shared corpora')
    ap.add_argument('--compare', nargs=2, metavar=('BEFORE', 'AFTER'), help='print the questions that moved between two runs')
    a = ap.parse_args()
    if a.compare:
        ld = lambda p: json.loads(Path(p).read_text().strip().splitlines()[-1])
        print('\n'.join(compare(*map(ld, a.compare))) or 'no question moved')
    else: print(json.dumps(ranks(a.sets.split(','), a.legs.split(','), a.cache, a.embedder, a.route, a.one_store)))
