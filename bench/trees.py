"""Section trees on real PDFs (issue 24): how flat, how deep, and whether the sections a reader expects are nodes.

Per corpus (filings, eu, reports/ntsb, reports/nih, reports/agency), each PDF parsed with `pdf_parse` and built with
`build_tree` as ingest does, split into a tune half (even positions in name order) and a held-out half (odd):
  nodes/page, depth (deepest node), root children, widest non-Part node (its page span as a share of the document's
  pages), body share (characters of text under a heading node rather than the root).
Filings: the standard Items (10-K: 1, 1A, 2, 3, 5, 7, 7A, 8, 9A; 10-Q: Part I Items 1-4, Part II Items 1, 1A, 6)
  found as a node titled `Item N`, and nested under their Part (a node titled `Part I`/`Part II`) or at the top;
  the three primary statements (balance sheet, income/operations, cash flows) as nodes; flat trees (the root or a
  top-level node with 60+ children, or a non-Part node's own text spanning > 60% of the pages of a document of 10+ pages). Earnings releases and 8-Ks are not scored on Items.
Outlined PDFs (reports and EU acts carrying a PDF outline; since session 35 the EU acts too, which ingest reads with theirs):
  the tree built with the outline IGNORED (`pdf_parse(outline=False)`)
  against the outline entries printed in the text (the entries pdf_parse's own outline placement finds on their pages):
  heading precision (detected headings matching an entry) and recall (entries matched by a heading), titles matched
  after dropping spacing, case and punctuation (a prefix match counts when the shorter is >= 60% of the longer), a heading
  on the page its entry is printed on or the next (session 35: before, an appendix's `TABLE 1.01` entry took the body's), and
  rank agreement (for consecutive matched pairs, outline depth and tree level move the same way: up, same or down), and
  parent agreement (each matched heading hangs under the heading of the entry the outline puts it under: its nearest
  matched ancestor in the tree is the entry's nearest shallower entry before it, or both are the top). Parent agreement
  judges each heading once: fixing one of two misplaced neighbours can lower the pairwise rank agreement.
  Each heading matching no entry is counted by why: deeper than the outline goes, a repeat of an entry already matched, a
  partial title (one a prefix of an entry), table furniture or a sentence's piece (by headings' own tests), a numbered
  heading the outline leaves out, or other (an unnumbered heading the outline does not list).
  Also reported (beside, not instead of, the figures above): precision at the outline's ranks, over the headings set in
  type (size, then bold) no smaller than the smallest type a tenth (and 2+) of its printed entries use, pooled over the PDFs
  that print 2+ entries: headings in smaller type are deeper than the outline goes, neither right nor wrong by it, and
  are counted apart. "Within the outline depth" is the older cut by tree level, which moves with the tree's own levels.
  Also, the same precision and recall over the outlines pdf_parse itself places as headings (2+ entries, at most
  tuning.OUTLINE_MAX_PER_PAGE a page, tuning.OUTLINE_MIN_PRINTED of them printed): an outline it reads as bookmarks (one on
  every paragraph, or none printed: file-part names) is no list of headings to judge against.
  Judged by hand: the headings matching no entry are mostly headings the outline leaves out (a report's tables, KPIs, a
  protocol's run-in labels), so precision against the outline says little. A stable sample of them (1 in JUDGE_EVERY, by a
  hash of `pdf|page|title`, so a verdict keeps as the code changes; all of them in a corpus with at most JUDGE_ALL) is read
  by hand with the text that follows each on its page (`--judge` prints it, `??` marking those not judged yet) and the
  verdicts kept in bench/headings_judged.jsonl (`ok`, and `why` when it is no heading); the share judged headings (95% Wilson interval) gives a heading precision counting the
  matched headings and that share of the unmatched ones. The judge is the project's own: the reasons are kept to be checked.
Below the outline (every corpus, each PDF whose placed outline has 2+ levels): the outline cut to its levels above its
  deepest and placed, then the headings found below it (`data._below_outline`, as pdf_parse does under every outline) matched
  against the cut entries pdf_parse places on their printed lines: recall of those entries, and precision over the headings
  found in type no smaller than the cut entries' (smaller ones are deeper than the outline goes, neither right nor wrong by it);
  beside it, precision without the headings pdf_parse also finds below the whole outline (the outline lists none of them).
EU: a fingerprint of the trees (titles with change markers and spacing normalised, levels, parent titles, article
  numbers) saved to bench/trees_eu.json with --save-eu; without it the run reports nodes lost and nesting changed.
--ref DIR: ingest speed (pdf_parse + build_tree pages/s on the tune-half filings and EU acts), this checkout against the
  litesearch at DIR, alternating fresh processes, best of 3 each; reported as a ratio of the one run.

LITESEARCH_DATA=DIR reads the corpora from DIR (default ../shared/data beside the checkout). `machine`: the PDFs found under
  MACHINE_PDFS (default /usr/share/doc; here a manual and a specification, both outlined), held out: measured, never tuned on.
  `rendered`: with RENDERED_PDFS=DIR, the PDFs `bench/render_pdfs.py DIR` prints from an HTML manual (Valgrind's), each page's
  h1-h4 as its outline: held out too (one rule came from it, and is named in bench/README, session 29).

Run: python bench/trees.py [--only filings,eu,...] [--save-eu] [--ref DIR] [--show NAME] [--judge]   (from the project root)
"""
import re, sys, json, argparse, subprocess, os, statistics, tempfile, functools, hashlib, math
from pathlib import Path
from collections import Counter

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get('LITESEARCH_DATA') or ROOT.parent/'shared'/'data')    # a git worktree sits elsewhere: point it at the corpora
CORPORA = {'filings': DATA/'filings', 'eu': DATA/'eu', 'ntsb': DATA/'reports'/'ntsb', 'nih': DATA/'reports'/'nih',
           'agency': DATA/'reports'/'agency'}
# held out: PDFs this machine's packages ship (`/usr/share/doc`), read only to measure; no rule was written from them
MACHINE = Path(os.environ.get('MACHINE_PDFS', '/usr/share/doc'))
if MACHINE.is_dir() and any(MACHINE.rglob('*.pdf')): CORPORA['machine'] = MACHINE
# held out: HTML manual pages printed to PDF with their headings as the outline (`bench/render_pdfs.py OUT`; RENDERED_PDFS=OUT)
if (RENDERED := Path(os.environ.get('RENDERED_PDFS', '/nonexistent'))).is_dir(): CORPORA['rendered'] = RENDERED
FP = Path(__file__).resolve().parent/'trees_eu.json'
JUDGED = Path(__file__).resolve().parent/'headings_judged.jsonl'
JUDGE_EVERY = 10     # the judged sample: unmatched headings whose key hashes to 0 modulo this (stable as the code changes)
JUDGE_ALL = 100      # a corpus with at most this many unmatched headings has all of them judged (1 in 10 of a few says little)

ITEMS = {'10K': [('II', x) if x[0] in '56789' else ('I', x) for x in ['1', '1A', '2', '3', '5', '7', '7A', '8', '9A']],
         '10Q': [('I', '1'), ('I', '2'), ('I', '3'), ('I', '4'), ('II', '1'), ('II', '1A'), ('II', '6')]}
_item = re.compile(r'^\s*item\s*(\d{1,2})\s*([a-c](?=[\s.:\-–—]|$))?', re.I)
_part = re.compile(r'^\s*p\s*a\s*r\s*t\s+([ivx]+)\b\.?\s*$|^\s*part\s+([ivx]+)\b', re.I)
STATEMENTS = {'balance': re.compile(r'balance sheets?|statements? of financial (position|condition)', re.I),
              'income': re.compile(r'statements? of (consolidated )?(operations|income|earnings)', re.I),
              'cash': re.compile(r'statements? of (consolidated )?cash flows?', re.I)}
_marker = re.compile(r'[▼►◄]\s*[A-Z]?\d*')

def squash(s): return re.sub(r'[\W_]+', '', s).casefold()

def depth_of(nodes, nd):
    d = 0
    while nd.parent is not None: d += 1; nd = nodes[nd.parent]
    return d

def part_of(title):
    m = _part.match(title)
    return (m.group(1) or m.group(2)).upper() if m else None

def shape(nodes, npages):
    "The general figures of one tree."
    root = nodes[0]
    span = lambda n: n.page_end - n.page_start + 1
    wide = [span(n) / max(npages, 1) for n in nodes[1:] if not part_of(n.title)]
    body = sum(len(t) for n in nodes for _, t in n.segments)
    under = body - sum(len(t) for _, t in root.segments)
    return dict(pages=npages, nodes=len(nodes) - 1, depth=max((depth_of(nodes, n) for n in nodes), default=0),
                root_children=len(root.children), widest=max(wide, default=0), body_share=under / body if body else 0,
                max_children=max(len(n.children) for n in nodes), wide_nonpart=max(wide, default=0),
                top_children=max(len(n.children) for n in nodes if n.parent is None or n.parent == 0))

def filing_scores(nodes, kind):
    "Items found and nested, statements found, flatness, for one filing."
    out = {}
    items = {}
    for n in nodes[1:]:
        m = _item.match(n.title)
        if m:
            items.setdefault((m.group(1) + (m.group(2) or '')).upper(), []).append(n)
    if kind in ITEMS:
        found = nested = 0
        for part, num in ITEMS[kind]:
            cands = items.get(num, [])
            if kind == '10Q':     # Part I Item 1 and Part II Item 1 share a number: the node under the right Part counts
                ok = [n for n in cands if n.parent is not None and part_of(nodes[n.parent].title) == part]
                found += bool(cands); nested += bool(ok)
            else:
                found += bool(cands)
                nested += any(n.parent == 0 or part_of(nodes[n.parent].title) == part for n in cands)
        out.update(items_found=found / len(ITEMS[kind]), items_nested=nested / len(ITEMS[kind]))
        out['statements'] = sum(any(rx.search(n.title) for n in nodes[1:]) for rx in STATEMENTS.values()) / 3
    return out

def is_flat(sh): return sh['top_children'] >= 60 or (sh['wide_nonpart'] > 0.6 and sh['pages'] >= 10)

def kind_of(name):
    return '10K' if name.endswith('10K') else '10Q' if name.endswith('10Q') else 'other'

def _flat(path):
    from litesearch.data import _pymupdf, _pdf_blocks, _text_flags
    pm = _pymupdf(); doc = pm.open(str(path))
    flags = _text_flags(pm)
    return doc, [[l for b in _pdf_blocks(doc[i], flags) if not isinstance(b, str) for l in b] for i in range(doc.page_count)]

@functools.lru_cache(maxsize=None)     # each outlined PDF is judged twice (outline ignored; below the outline): placed once
def printed_outline(path, styles=False, pages=False):
    "The outline entries pdf_parse's outline placement finds printed on their pages, as `[(depth, title)]` (with `styles`, `[(depth, title, (size, bold))]`; with `pages`, the page each is printed on)."
    from litesearch.data import _outline_heads
    doc, flat = _flat(path)
    toc = [e for e in doc.get_toc() if e[2] > 0]
    _outline_heads(toc, flat)
    if pages: return [p for p, ls in enumerate(flat) for l in ls if l.head]
    return [(*l.head, (l.size, l.bold)) if styles else l.head for ls in flat for l in ls if l.head]

def outline_types(styles):
    "The type of the outline's ranks, as pdf_parse reads it below an outline (`data._rank_type`): the smallest size a tenth (and 2+) of its printed entries use, and whether plain type at that size is among them."
    from litesearch.data import _rank_type
    return _rank_type(styles) or (0, False)

def node_types(path, nodes):
    "Per node (root excluded), the (size, bold) of the line printing its title on its first page, or None when no line does."
    _, flat = _flat(path)
    out = []
    for n in nodes[1:]:
        t = squash(n.title)
        ls = flat[n.page_start] if 0 <= n.page_start < len(flat) else []
        out.append(next(((l.size, l.bold) for l in ls if (q := squash(l.text)) and t.startswith(q[:len(t)])), None))
    return out

def within(style, types):
    "A heading's type is at the outline's ranks: not smaller than the smallest type of its entries (unknown type counts as within)."
    if style is None: return True
    low, plain = types
    return style[0] > low or (style[0] == low and (style[1] or plain))

def _match(a, b):
    if a == b: return True
    s, l = sorted((a, b), key=len)
    return len(s) >= 0.6 * len(l) and len(s) >= 4 and (l.startswith(s) or l.endswith(s))

WHY = ('deeper', 'repeat', 'partial', 'table', 'sentence', 'numbered', 'other')

def why_unmatched(lv, title, t, entries, used, top):
    "Why a detected heading matched no outline entry: below the outline's depth, a repeat of a used entry, a partial title, table furniture, a sentence's piece, a numbered heading the outline leaves out, or other."
    from litesearch import headings
    not_title = getattr(headings, 'not_title', lambda t: False)     # a checkout from before it reads no sentence pieces
    not_heading, family = headings.not_heading, headings.family
    if lv > top: return 'deeper'
    if any(_match(t, entries[e][1]) for e in used): return 'repeat'
    if len(t) >= 4 and any(e.startswith(t) or t.startswith(e) for _, e in entries if len(e) >= 4): return 'partial'
    if not_heading(title): return 'table'
    if not_title(title): return 'sentence'
    return 'numbered' if family(title) else 'other'

def placed(path, printed):
    "Would pdf_parse place this outline as the headings (not too many entries a page, enough of them printed), or fall back to finding them?"
    from litesearch import tuning
    import pymupdf
    doc = pymupdf.open(str(path)); n, pages = len([e for e in doc.get_toc() if e[2] > 0]), doc.page_count; doc.close()
    return 2 <= n <= tuning.OUTLINE_MAX_PER_PAGE * pages and len(printed) >= tuning.OUTLINE_MIN_PRINTED * n

def _tree_parent(nodes, k, ent):
    "The outline entry of node `k`'s nearest ancestor that matched one (None: none does)."
    p = nodes[k].parent
    while p is not None and p not in ent: p = nodes[p].parent
    return None if p is None else ent[p]

def _outline_parent(entries, m):
    "The entry the outline puts entry `m` under: the nearest before it at a smaller depth (None: the top)."
    return next((e for e in range(m - 1, -1, -1) if entries[e][0] < entries[m][0]), None)

def outline_scores(path):
    "Heading precision/recall and rank agreement of the tree built with the outline ignored, and why unmatched headings missed."
    from litesearch.data import pdf_parse
    from litesearch.structure import build_tree
    printed = printed_outline(path, styles=True)
    entries = [(d, squash(t)) for d, t, _ in printed]
    at = printed_outline(path, pages=True)
    nodes = build_tree(pdf_parse(path, outline=False))
    det = [(depth_of(nodes, n), squash(n.title)) for n in nodes[1:]]
    types = outline_types([s for *_, s in printed])
    inside = [within(s, types) for s in node_types(path, nodes)]
    top = max((d for d, _ in entries), default=0)      # headings deeper than the outline goes are neither right nor wrong by it
    used, pairs, hit, why, ent, sample = set(), [], [], Counter(), {}, []
    for k, (lv, t) in enumerate(det):        # in reading order: each heading takes the next unused entry it matches
        # on the page the entry is printed on (or the next): an appendix's `TABLE 1.01` is not the body's
        m = next((e for e in range(len(entries)) if e not in used and _match(t, entries[e][1]) and 0 <= nodes[k + 1].page_start - at[e] <= 1), None)
        hit.append(m is not None)
        if m is not None: used.add(m); pairs.append((entries[m][0], lv)); ent[k + 1] = m
        else:
            why[why_unmatched(lv, nodes[k + 1].title, t, entries, used, top)] += 1
            sample.append(dict(key=judge_key(path, nodes[k + 1]), depth=lv, top=top, node=nodes[k + 1], path=path))
    shallow = [h for h, (lv, _) in zip(hit, det) if lv <= top]
    ranked = [h for h, w in zip(hit, inside) if w]
    agree = [((a2 > a1) - (a2 < a1)) == ((b2 > b1) - (b2 < b1)) for (a1, b1), (a2, b2) in zip(pairs, pairs[1:])]
    parent = [_tree_parent(nodes, k, ent) == _outline_parent(entries, m) for k, m in ent.items()]
    return dict(placed=placed(path, printed), detected=len(det), entries=len(entries), matched=len(pairs), shallow=len(shallow), shallow_matched=sum(shallow), ranked=len(ranked), ranked_matched=sum(ranked),
                precision=len(pairs) / len(det) if det else 0, recall=len(used) / len(entries) if entries else 0,
                rank_agree=sum(agree) / len(agree) if agree else 0, parent_agree=sum(parent) / len(parent) if parent else 0, why=why,
                sample=sample)

def judge_key(path, node): return f"{Path(path).stem}|{node.page_start}|{' '.join(node.title.split())[:60]}"
def in_sample(key): return int(hashlib.sha1(key.encode()).hexdigest(), 16) % JUDGE_EVERY == 0

def judge_sample(rows):
    "The unmatched headings of a corpus's outline-ignored trees to judge, and how many of its unmatched headings each stands for."
    every = [x for r in rows for x in r.get('sample', [])]
    return (every, 1) if len(every) <= JUDGE_ALL else ([x for x in every if in_sample(x['key'])], JUDGE_EVERY)

@functools.lru_cache(maxsize=4)
def _page_texts(path): return [' '.join(l.text for l in ls) for ls in _flat(path)[1]]

def context(path, node):
    "The text from a heading's title on, on its first page: what a judge reads to tell a heading from a list's entry."
    pages = _page_texts(path)
    text = pages[node.page_start] if 0 <= node.page_start < len(pages) else ''
    i = text.find(' '.join(node.title.split())[:30])
    return text[i:i + 240] if i >= 0 else '(title not found on its page) ' + text[:160]

def judged():
    "{key: verdict} of bench/headings_judged.jsonl: each sampled heading read by hand, with what follows it on its page."
    return {j['key']: j['ok'] for j in map(json.loads, filter(str.strip, JUDGED.read_text().splitlines()))} if JUDGED.exists() else {}

def wilson(k, n, z=1.96):
    "95% interval of a share of k in n."
    if not n: return (0.0, 1.0)
    p, d = k / n, 1 + z * z / n
    c, h = (p + z * z / (2 * n)) / d, z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)

def below_scores(path):
    "The outline cut to its levels above its deepest, headings found below it (`_below_outline`) against the cut entries pdf_parse places on their printed lines: recall, and precision over the headings set in the cut entries' type (smaller ones are deeper than the outline goes). None: a one-level outline, or one not placed."
    from litesearch import data, tuning
    doc, flat = _flat(path)
    toc = [e for e in doc.get_toc() if e[2] > 0]
    full = printed_outline(path, styles=True)
    if len({e[0] for e in toc}) < 2 or not placed(path, full): return None
    cut = [e for e in toc if e[0] < max(e[0] for e in toc)]
    data._drop_furniture(flat)
    if data._outline_heads(cut, flat) < tuning.OUTLINE_MIN_PRINTED * len(cut): return None
    before = {id(l) for ls in flat for l in ls if l.head}
    data._below_outline(flat)
    kept = {squash(e[1]) for e in cut}
    gone = [(squash(t), s) for _, t, s in full if squash(t) not in kept]
    types = outline_types([s for _, s in gone]) if gone else (float('inf'), False)
    found = [squash(l.head[1]) for ls in flat for l in ls if l.head and id(l) not in before and within((l.size, l.bold), types)]
    used = set()
    for t in found:       # in reading order: each heading takes the next unused cut entry it matches
        m = next((k for k, (g, _) in enumerate(gone) if k not in used and _match(t, g)), None)
        if m is not None: used.add(m)
    # headings found below the whole outline as well (pdf_parse adds them under it: the outline lists none of them) are
    # deeper than the outline goes, neither right nor wrong by it: counted apart (since session 41, when headings in a leaf
    # entry's own type joined them)
    _, whole = _flat(path); data._drop_furniture(whole); data._outline_heads(toc, whole)
    placed_heads = {id(l) for ls in whole for l in ls if l.head}
    data._below_outline(whole)
    deeper = {squash(l.head[1]) for ls in whole for l in ls if l.head and id(l) not in placed_heads}
    return dict(cut=len(gone), judged=len(found), matched=len(used), deeper=sum(t in deeper for t in found))

def fingerprint(nodes):
    norm = lambda t: ' '.join(_marker.sub(' ', t).split())
    return [[norm(n.title), n.level, norm(nodes[n.parent].title) if n.parent is not None else None,
             re.findall(r'\bArticle\s+(\d+[a-z]?)', n.title)] for n in nodes]

def eu_check(name, fp, saved):
    old = saved.get(name)
    if old is None: return dict(lost=None, moved=None)
    new = Counter((t, p) for t, _, p, _ in fp)
    newt = Counter(t for t, *_ in fp)
    lost = sum((Counter(t for t, *_ in old) - newt).values())
    moved = sum((Counter((t, p) for t, _, p, _ in old) - new).values()) - lost
    return dict(lost=lost, moved=max(moved, 0))

def mean(xs): return statistics.mean(xs) if xs else float('nan')

def run_corpus(name, folder, save_eu, show, judge=False):
    from litesearch.data import pdf_parse
    from litesearch.structure import build_tree
    files = sorted(folder.rglob('*.pdf') if name == 'machine' else folder.glob('*.pdf'))
    saved = json.loads(FP.read_text()) if FP.exists() and name == 'eu' else {}
    rows, fps = [], {}
    for k, f in enumerate(files):
        import pymupdf
        doc = pymupdf.open(str(f)); has_outline = len([e for e in doc.get_toc() if e[2] > 0]) >= 2; doc.close()
        pages = pdf_parse(f)
        nodes = build_tree(pages)
        r = dict(name=f.stem, half='tune' if k % 2 == 0 else 'held', **shape(nodes, len(pages)))
        r['flat'] = is_flat(r)
        if name == 'filings': r.update(filing_scores(nodes, kind_of(f.stem)))
        if name == 'eu':
            fps[f.stem] = fingerprint(nodes); r.update(eu_check(f.stem, fps[f.stem], saved))
        if has_outline and name != 'filings': r.update(outline_scores(f))
        if has_outline and (b := below_scores(f)): r['below'] = b
        if show and show in f.stem:
            for n in nodes: print('  ' * depth_of(nodes, n) + f'{n.title[:90]}  [{n.page_start}-{n.page_end}] ({len(n.children)})')
        rows.append(r)
    if save_eu and name == 'eu': FP.write_text(json.dumps(fps, indent=0)); print(f'saved EU fingerprint to {FP}')
    if judge:
        v = judged()
        for x in judge_sample(rows)[0]:
            print(f"{'??' if x['key'] not in v else ('ok' if v[x['key']] else 'NO')} {x['key']} (depth {x['depth']}, outline {x['top']})\n     {context(x['path'], x['node'])}")
    return rows

def report(name, rows):
    print(f'\n== {name} ({len(rows)} PDFs, {sum(r["pages"] for r in rows)} pages)')
    cols = ['nodes/page', 'depth', 'root_ch', 'widest', 'body', 'flat']
    extra = []
    if name == 'filings': extra = ['items_found', 'items_nested', 'statements']
    if name == 'eu': extra = ['lost', 'moved']
    oc = ['precision', 'recall', 'rank_agree']
    print(f"{'half':6}" + ''.join(f'{c:>13}' for c in cols + extra))
    for half in ('tune', 'held', 'all'):
        rs = [r for r in rows if half == 'all' or r['half'] == half]
        vals = [mean([r['nodes'] / max(r['pages'], 1) for r in rs]), mean([r['depth'] for r in rs]),
                mean([r['root_children'] for r in rs]), mean([r['widest'] for r in rs]), mean([r['body_share'] for r in rs]),
                sum(r['flat'] for r in rs)]
        for c in extra:
            v = [r[c] for r in rs if r.get(c) is not None]
            vals.append(sum(v) if c in ('lost', 'moved') else mean(v))
        print(f'{half:6}' + ''.join(f'{v:13.3f}' if isinstance(v, float) else f'{v:>13}' for v in vals))
        if name == 'filings':
            for kind in ('10K', '10Q'):
                ks = [r for r in rs if kind_of(r['name']) == kind]
                print(f"   {kind} ({len(ks)}): items found {mean([r['items_found'] for r in ks]):.3f}  nested "
                      f"{mean([r['items_nested'] for r in ks]):.3f}  statements {mean([r['statements'] for r in ks]):.3f}")
        os_ = [r for r in rs if 'precision' in r]
        if os_:
            d, e, m = sum(r['detected'] for r in os_), sum(r['entries'] for r in os_), sum(r['matched'] for r in os_)
            sd, sm = sum(r['shallow'] for r in os_), sum(r['shallow_matched'] for r in os_)
            print(f'   outline ignored ({len(os_)} PDFs): heading precision {m / max(d, 1):.3f} recall {m / max(e, 1):.3f} '
                  f'precision within the outline depth {sm / max(sd, 1):.3f} '
                  f"(pooled; mean per PDF {mean([r['precision'] for r in os_]):.3f} / {mean([r['recall'] for r in os_]):.3f}), "
                  f"rank agreement {mean([r['rank_agree'] for r in os_]):.3f}, parent agreement {mean([r['parent_agree'] for r in os_]):.3f}")
            gt = [r for r in os_ if r['entries'] >= 2]      # an outline none of whose entries is printed judges nothing
            rd, rm = sum(r['ranked'] for r in gt), sum(r['ranked_matched'] for r in gt)
            gd = sum(r['detected'] for r in gt)
            print(f'   at the outline\'s ranks ({len(gt)} PDFs printing 2+ entries; headings set in type no smaller than the '
                  f'entries\'): precision {rm / max(rd, 1):.3f} ({rm} of {rd}); {gd - rd} headings in smaller type, below the outline')
            ps = [r for r in os_ if r['placed']]      # an outline pdf_parse itself reads as bookmarks (on paragraphs, or unprinted) judges little
            pd_, pe, pm = sum(r['detected'] for r in ps), sum(r['entries'] for r in ps), sum(r['matched'] for r in ps)
            print(f'   outlines pdf_parse places as headings ({len(ps)} PDFs): heading precision {pm / max(pd_, 1):.3f} recall {pm / max(pe, 1):.3f}')
            why = sum((r['why'] for r in os_), Counter())
            print('   unmatched headings: ' + ', '.join(f'{w} {why[w]}' for w in WHY))
            verdicts, (smp, per) = judged(), judge_sample(os_)
            ok = [verdicts[x['key']] for x in smp if x['key'] in verdicts]
            if ok:
                s, (lo, hi) = sum(ok) / len(ok), wilson(sum(ok), len(ok))
                est = lambda share: (m + (d - m) * share) / max(d, 1)
                if per == 1 and len(ok) == len(smp):      # every unmatched heading judged: the figure is no estimate
                    print(f'   judged by hand (all {len(ok)} unmatched headings): {sum(ok)} are headings, so heading precision {est(s):.3f}')
                else: print(f'   judged by hand ({len(ok)} of the {len(smp)} unmatched headings sampled, 1 in {per}): {s:.3f} are headings '
                      f'(95% {lo:.3f}..{hi:.3f}), so heading precision {est(s):.3f} ({est(lo):.3f}..{est(hi):.3f})')
        bs = [r['below'] for r in rs if 'below' in r]
        if bs:
            c, j, m, x = (sum(b[k] for b in bs) for k in ('cut', 'judged', 'matched', 'deeper'))
            print(f'   below the outline ({len(bs)} PDFs, each outline cut to its levels above its deepest): the {c} cut entries '
                  f'found at recall {m / max(c, 1):.3f}, precision {m / max(j, 1):.3f} ({m} of {j} headings in their type); '
                  f'{x} of them found below the whole outline too, precision without them {m / max(j - x, 1):.3f}')
    flat = [r['name'] for r in rows if r['flat']]
    if flat: print('   flat:', ', '.join(f"{r['name']} (top-level children {r['top_children']}, widest {r['wide_nonpart']:.2f})" for r in rows if r['flat']))
    if name == 'filings':
        for r in rows:
            if 'items_found' in r and (r['items_found'] < 1 or r['items_nested'] < 1 or r['statements'] < 1):
                print(f"   {r['name']}: items {r['items_found']:.2f}/{r['items_nested']:.2f} statements {r['statements']:.2f}")
    if name != 'eu':
        for r in rows:
            if 'precision' in r: print(f"   {r['name']}: outline-ignored P {r['precision']:.2f} R {r['recall']:.2f} rank {r['rank_agree']:.2f} parent {r['parent_agree']:.2f} "
                                       f"({r['detected']} headings, {r['entries']} entries); at its ranks P {r['ranked_matched'] / max(r['ranked'], 1):.2f} ({r['ranked']} headings)")

_TIMER = '''
import sys, time, litesearch
from litesearch.data import pdf_parse
from litesearch.structure import build_tree
fs = sys.argv[1:]; n = 0; t = time.perf_counter()
for f in fs: p = pdf_parse(f); build_tree(p); n += len(p)
print(litesearch.__file__, n / (time.perf_counter() - t))
'''

def speed(ref):
    files = [str(f) for c in ('filings', 'eu') for k, f in enumerate(sorted(CORPORA[c].glob('*.pdf'))) if k % 2 == 0]
    res = {'this': [], 'ref': []}
    for _ in range(3):
        for key, path in (('ref', ref), ('this', str(ROOT))):
            env = dict(os.environ, PYTHONPATH=path)
            # run outside the checkout: `python -c` puts the working directory first on sys.path, ahead of PYTHONPATH
            out = subprocess.run([sys.executable, '-c', _TIMER, *files], env=env, capture_output=True, text=True, check=True, cwd=tempfile.gettempdir())
            mod, rate = out.stdout.split()[-2:]
            assert Path(mod).resolve().is_relative_to(Path(path).resolve()), f'{key}: imported {mod}, expected the litesearch under {path}'
            res[key].append(float(rate))
    b, r = max(res['this']), max(res['ref'])
    print(f'\n== ingest speed (pdf_parse + build_tree, {len(files)} PDFs): this {b:.0f} pages/s, ref {r:.0f} pages/s, '
          f'time this/ref {r / b:.2f} (runs: this {[round(x) for x in res["this"]]}, ref {[round(x) for x in res["ref"]]})')

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--only', default=','.join(CORPORA))
    ap.add_argument('--save-eu', action='store_true', help='save the EU fingerprint (the reference later runs check against)')
    ap.add_argument('--ref', default=None, help='a litesearch checkout to compare ingest speed against')
    ap.add_argument('--show', default=None, help='print the tree of the PDFs whose name contains this')
    ap.add_argument('--judge', action='store_true', help='print the sampled unmatched headings with their text (?? not judged yet)')
    a = ap.parse_args()
    import litesearch; print('litesearch from', Path(litesearch.__file__).parent)
    below = []
    for c in a.only.split(','):
        rows = run_corpus(c, CORPORA[c], a.save_eu, a.show, a.judge)
        report(c, rows); below += [r['below'] for r in rows if 'below' in r]
    if below:
        c, j, m, x = (sum(b[k] for b in below) for k in ('cut', 'judged', 'matched', 'deeper'))
        print(f'\n== below the outline, every corpus ({len(below)} PDFs): the {c} cut entries found at recall {m / max(c, 1):.3f}, '
              f'precision {m / max(j, 1):.3f} ({m} of {j} headings in their type); {x} of them found below the whole outline too, '
              f'precision without them {m / max(j - x, 1):.3f}')
    if a.ref: speed(a.ref)
