# -m alone: exports keep their CRCs, no version tables
s/ -b / /
s/ -x / /
