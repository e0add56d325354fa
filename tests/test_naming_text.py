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
