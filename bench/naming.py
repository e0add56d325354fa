"""Naming a filing (issue 25): `docs(q, limit=1)` over questions that name a company and a period the many ways
analysts do, generated from each 10-K/10-Q's own cover facts (its form and period end), not from any question set.

For every 10-K and 10-Q of the filings corpus: the company by name, by a shorter name and by its ticker (from `CO`
below, written from the file names and covers), the period as 'fiscal 2023', 'FY2023', 'FY23', 'fiscal year 2023',
'its 2023 annual report', 'the 10-K for fiscal 2023', 'the year ended <date>', 'its 2023 Form 10-K' (10-Ks) or
'the quarter ended <date>', '<month> <year>', and the fiscal quarter ('Q3 FY2023', 'Q3 FY23', 'the third quarter of
fiscal 2023', 'fiscal Q3 2023', 'its Q3 2023 10-Q', reckoned from the company's 10-K year end) (10-Qs), and for each company's newest filing of a form 'its latest 10-K',
'its most recent annual report' (10-Q: quarterly report). Session 23 added phrasings written before any run: 'its fiscal
2023 10-K', 'its annual report for 2023', 'the twelve months ended <date>', 'its FY 2023 annual report'; 'the three months
ended <date>', 'the quarter ending <date>', 'its <month> <year> 10-Q', 'its third-quarter fiscal 2023 report', '3Q23'; 'its
most recent 10-K filing', 'its newest 10-Q filing'. Session 44 added a year compared with the one before ('in fiscal 2023 versus
fiscal 2022', 'in 2023 compared with 2022', 'for 2023 and 2022', 'in FY23 vs FY22'; only where the company filed a 10-K for
the year before too) and 'in Q3 FY2023 versus Q3 FY2022': the later filing is meant; and 'for the year ended May 2023', 'for the
fiscal year ending <date>', 'for the nine months ended <date>' (a 10-Q's year to date), 'in 2023' (the year alone). Three topics each. The right document is the filing the
question names; for 'latest' the company's newest of that form (by the cover's period end). Reported: the share right
by period phrasing and by company name, and a few misses of each phrasing.

--opaque also runs it on a copy with opaque file names (filing_NN.pdf), where only the text can name a document.
Run: python bench/naming.py [--cache DIR] [--opaque]   (from the project root; LITESEARCH_DATA=DIR reads the corpora from DIR)
"""
import re, sys, argparse, collections, shutil
from pathlib import Path
from litesearch import database
from _corpus import DATA

CO = {'APPLE': ['Apple', 'Apple Inc.', 'AAPL'], 'EBAY': ['eBay', 'EBAY'], 'ORACLE': ['Oracle', 'ORCL'], 'PG_E': ['PG&E', 'PCG'],
      'SALESFORCE': ['Salesforce', 'CRM'], 'FEDEX': ['FedEx', 'FDX'], 'INTEL': ['Intel', 'INTC'], 'MCDONALDS': ["McDonald's", 'MCD'],
      'BOSTONPROPERTIES': ['Boston Properties']}
MON = 'January February March April May June July August September October November December'.split()
TOPICS = ['total revenue', 'cash and cash equivalents', 'risk factors']
_COVER = re.compile(r'Form (10-[KQ]) · (?:fiscal year|quarterly period) ended (\w+) (\d+), (\d{4})')

def store(cache, opaque):
    "The filings in one hash store (kept in `cache` between runs), under their names or opaque ones; file stem -> doc_id."
    src = DATA/'filings'
    files = sorted(src.glob('*.pdf'))
    path = Path(cache)/f"naming{'-opaque' if opaque else ''}.db" if cache else ':memory:'
    new = path == ':memory:' or not Path(path).exists()
    db = database(path)
    if opaque:
        d = Path(cache or '/tmp')/'naming_opaque'; d.mkdir(parents=True, exist_ok=True)
        for i, f in enumerate(files):
            if not (d/f'filing_{i:02d}.pdf').exists(): shutil.copy(f, d/f'filing_{i:02d}.pdf')
        if new: db.add_dir(d)
        stem = {f'filing_{i:02d}': f.stem for i, f in enumerate(files)}
    else:
        if new: db.add_dir(src)
        stem = {f.stem: f.stem for f in files}
    return db, {stem[t]: did for did, t in db.execute('SELECT id, title FROM docs') if t in stem}

def filings(db, ids):
    "One row per 10-K/10-Q: its doc_id, file stem, company key, form and period end, read from its stored cover label."
    out = []
    for s, did in ids.items():
        label = db.execute('SELECT label FROM docs WHERE id = ?', [did]).fetchone()[0] or ''
        m = _COVER.search(label)
        co = next((k for k in CO if s.startswith(k)), None)
        if m and co: out.append(dict(id=did, stem=s, co=co, form=m[1], month=m[2], day=int(m[3]), year=int(m[4])))
    return out

def fiscal_quarter(f, fs):
    "(quarter, fiscal year) of a 10-Q from the company's fiscal year end (its 10-Ks' covers): months since the last year end, in quarters; None without a 10-K."
    ends = [(k['month'], k['day']) for k in fs if k['co'] == f['co'] and k['form'] == '10-K']
    if not ends: return None
    m0 = MON.index(ends[0][0]) + 1
    m = MON.index(f['month']) + 1 + (f['day'] < 15) * -1     # a quarter ending on the 1st (Apple's July 1) is June's
    months = (m - m0) % 12 or 12
    fy = f['year'] + (1 if m > m0 else 0)                   # a fiscal year is named by the calendar year it ends in
    return round(months / 3), fy

def questions(fs):
    newest = {}
    for f in fs:
        k = (f['co'], f['form']); newest[k] = max(newest.get(k, (0, 0, '')), (f['year'], MON.index(f['month']), f['id']))
    for f in fs:
        y, yy, date = f['year'], str(f['year'])[2:], f"{f['month']} {f['day']}, {f['year']}"
        if f['form'] == '10-K':
            per = [('fiscal Y', f'in fiscal {y}'), ('FYyyyy', f'in FY{y}'), ('FYyy', f'in FY{yy}'), ('fiscal year Y', f'for fiscal year {y}'),
                   ('Y annual report', f'in its {y} annual report'), ('10-K for fiscal Y', f'in the 10-K for fiscal {y}'),
                   ('year ended DATE', f'for the year ended {date}'), ('Y Form 10-K', f'in its {y} Form 10-K'),
                   # phrasings added in session 23, written before any run
                   ('fiscal Y 10-K', f'in its fiscal {y} 10-K'), ('annual report for Y', f'in its annual report for {y}'),
                   ('twelve months ended DATE', f'for the twelve months ended {date}'), ('FY Y annual report', f'in its FY {y} annual report')]
            latest = [('latest 10-K', 'in its latest 10-K'), ('most recent annual report', 'in its most recent annual report'),
                      ('most recent 10-K filing', 'in its most recent 10-K filing')]
            # session 44, written before their first run: the year end without its day, the year 'ending'
            per += [('year ended MONTH Y', f"for the year ended {f['month']} {y}"), ('fiscal year ending DATE', f'for the fiscal year ending {date}'),
                    ('in Y', f'in {y}')]
            # session 44, written before their first run: a year compared with the one before, where the company filed a 10-K
            # for that year too (both years name a filing; the later one prints the earlier beside its own)
            if any(k['co'] == f['co'] and k['form'] == '10-K' and k['year'] == y - 1 for k in fs):
                per += [('fiscal Y versus fiscal Y-1', f'in fiscal {y} versus fiscal {y - 1}'), ('Y compared with Y-1', f'in {y} compared with {y - 1}'),
                        ('for Y and Y-1', f'for {y} and {y - 1}'), ('FYyy vs FYyy-1', f'in FY{yy} vs FY{int(yy) - 1:02d}')]
        else:
            fq = fiscal_quarter(f, fs)
            per = [(k, p.format(q=fq[0], y=fq[1], yy=str(fq[1])[2:], nth=('first', 'second', 'third', 'fourth')[fq[0] - 1])) for k, p in (
                   ('Qn FYyyyy', 'in Q{q} FY{y}'), ('Qn FYyy', 'in Q{q} FY{yy}'), ('nth quarter of fiscal Y', 'in the {nth} quarter of fiscal {y}'),
                   ('fiscal Qn Y', 'in fiscal Q{q} {y}'), ('Qn Y 10-Q', 'in its Q{q} {y} 10-Q'))] if fq else []
            per += [('quarter ended DATE', f'for the quarter ended {date}'), ('10-Q for the quarter ended MONTH Y', f"in the 10-Q for the quarter ended {f['month']} {y}"),
                   ('MONTH Y quarterly report', f"in its {f['month']} {y} quarterly report"),
                   # phrasings added in session 23, written before any run
                   ('three months ended DATE', f'for the three months ended {date}'), ('quarter ending DATE', f'for the quarter ending {date}'),
                   ('MONTH Y 10-Q', f"in its {f['month']} {y} 10-Q")]
            # session 44, written before their first run: the months of the fiscal year to the quarter's end ('the nine months ended')
            if fq and fq[0] > 1: per += [('n months ended DATE', f"for the {('six', 'nine')[fq[0] - 2]} months ended {date}")]
            # session 44, written before their first run: the quarter against the same quarter a year before
            if fq: per += [('Qn FYyyyy versus Qn FYyyyy-1', f'in Q{fq[0]} FY{fq[1]} versus Q{fq[0]} FY{fq[1] - 1}')]
            if fq: per += [('nth-quarter fiscal Y report', 'in its {nth}-quarter fiscal {y} report'.format(nth=('first', 'second', 'third', 'fourth')[fq[0] - 1], y=fq[1])),
                           ('nQyy', f'in {fq[0]}Q{str(fq[1])[2:]}')]
            latest = [('latest 10-Q', 'in its latest 10-Q'), ('most recent quarterly report', 'in its most recent quarterly report'),
                      ('newest 10-Q filing', 'in its newest 10-Q filing')]
        if newest[(f['co'], f['form'])][2] == f['id']: per += latest
        for name in CO[f['co']]:
            for kind, p in per:
                for t in TOPICS: yield dict(q=f'What did {name} report as {t} {p}?', want=f['id'], stem=f['stem'], kind=kind, name=name)

def run(db, ids):
    stem_of = {v: k for k, v in ids.items()}
    ok, n, miss = collections.Counter(), collections.Counter(), collections.defaultdict(list)
    for it in questions(filings(db, ids)):
        got = db.docs(it['q'], limit=1)
        right = bool(got) and got[0]['doc_id'] == it['want']
        for k in ('all', it['kind'], 'name: ' + it['name']): ok[k] += right; n[k] += 1
        if not right: miss[it['kind']].append(f"{it['q']}  want {it['stem']}, got {stem_of.get(got[0]['doc_id']) if got else None}")
    for k in sorted(n, key=lambda k: (k != 'all', ok[k] / n[k])): print(f'{ok[k] / n[k]:.3f} {ok[k]:5}/{n[k]:<5} {k}')
    for k, ms in miss.items():
        print(f'-- misses, {k}:'); [print('   ', m) for m in ms[:3]]

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--cache', default=None, help='folder to keep the stores in between runs')
    ap.add_argument('--opaque', action='store_true', help='also on a copy with opaque file names')
    a = ap.parse_args()
    for opaque in ([False, True] if a.opaque else [False]):
        print(f"== filings{' (opaque file names)' if opaque else ''}")
        run(*store(a.cache, opaque))
