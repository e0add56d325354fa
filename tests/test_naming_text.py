"Documents named by what their text says, not their file names: a 10-Q's fiscal quarter, a cover's trading symbol."
from litesearch import database

def _tenq(period, fy_end, rev):
    return [(0, f'# ACME CORP\n\nFORM 10-Q\n\nFor the quarterly period ended {period}\n\nAcme Corp.\n(Exact name of registrant as specified in its charter)\n\n'
                'Title of each class Trading symbol(s) Name of each exchange on which registered Common Stock ACMQ The Nasdaq Stock Market LLC\n'),
            (1, f'# CONDENSED CONSOLIDATED BALANCE SHEETS\n\n{period} {fy_end}\n\nTotal assets 1,000 900\n'),
            (2, f'# Revenue\n\nNet revenue for the quarter was {rev} million, driven by widget sales.\n')]

def test_quarter_and_symbol_name_opaque_files():
    db = database()
    db.add_doc(_tenq('July 1, 2023', 'September 24, 2022', 310), title='doc_a', source='/x/doc_a.pdf', kind='pdf')
    db.add_doc(_tenq('April 1, 2023', 'September 24, 2022', 290), title='doc_b', source='/x/doc_b.pdf', kind='pdf')
    db.add_doc([(0, '# Other Inc.\n\nOther business entirely: gadgets and their revenue.\n')], title='doc_c', source='/x/doc_c.pdf')
    assert db.docs('ACMQ net revenue in Q3 2023', limit=1)[0]['title'] == 'doc_a'
    assert db.docs('ACMQ net revenue in Q2 2023', limit=1)[0]['title'] == 'doc_b'
    assert db.docs('Acme revenue for the first nine months of fiscal 2023', limit=1)[0]['title'] == 'doc_a'
    assert db.docs('Acme revenue in the first half of fiscal 2023', limit=1)[0]['title'] == 'doc_b'

def test_pages_named_by_the_same_word_share_the_name():
    "A docs site names pages by their topics: a redirect stub's short name outscored the chapter on 'closures', and the question was routed to the stub."
    from litesearch.retrieve import _rank_docs, _fused_hits, _expanded, _rank_emb
    from litesearch import tuning
    db = database()
    body = ('Closures are anonymous functions you can save in a variable or pass as arguments. A closure captures values from '
            'its environment in three ways, which map to the traits FnOnce, FnMut and Fn: taking ownership, borrowing mutably, '
            'or borrowing immutably. ')
    db.add_doc([(0, f'# Closures: Anonymous Functions that Capture Their Environment\n\n{body * 3}')],
               title='ch13-01-closures-anonymous-functions-that-capture-their-environment',
               source='/site/book/ch13-01-closures-anonymous-functions-that-capture-their-environment.html', kind='html')
    db.add_doc([(0, 'Redirecting to... ch13-01.html.')], title='closures', source='/site/closures.html', kind='html')
    for k in range(6):
        db.add_doc([(0, f'# Topic {k}\n\nUnrelated page {k} about modules, crates and paths.\n')], title=f'page-{k}', source=f'/site/page-{k}.html', kind='html')
    title = dict(db.execute('SELECT id, title FROM docs').fetchall())
    stub = next(d for d, t in title.items() if t == 'closures')
    # written as a name ('Closures'): a lower-case 'closures' alone is the question's topic and names no page (`_in_phrase`)
    q = 'what does the Closures chapter say about FnOnce, FnMut and Fn?'
    tr = db.get_tree('store', None, ann=None)
    # the evidence as a big site has it: the stub's one line ranks below the pool of chunk hits
    hits = [h for h in _fused_hits(tr, _expanded(tr, q), _rank_emb(tr, q), tuning.HITS_POOL, None, False, 60, False, {}) if h['doc_id'] != stub]
    conf = {title[d['doc_id']][:8]: d for d in _rank_docs(tr, q, hits)}
    assert conf['closures']['names_rank'] == 1 and conf['ch13-01-']['names_rank'] == 2       # the stub's short name scores higher
    assert conf['ch13-01-']['confidence'] > tuning.ROUTE_MIN > conf['closures']['confidence'], conf
    low = 'what are the differences between FnOnce, FnMut and Fn for closures?'
    assert not any(d['names_rank'] for d in _rank_docs(tr, low, hits))
