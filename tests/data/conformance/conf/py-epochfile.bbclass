# oe.reproducible.epochfile_read: the epoch do_unpack wrote, else the fallback
SOURCE_DATE_EPOCH_FALLBACK = "1302044400"
HERE = "py-epochfile.d"
SDE_FILE = "${HERE}/sde.txt"
A = "${@get_source_date_epoch_value(d)}"
B = "${@oe.reproducible.epochfile_read(d.getVar('HERE') + '/missing.txt', d)}"
C = "${@oe.reproducible.epochfile_read(d.getVar('HERE') + '/sde-spaces.txt', d)}"

def get_source_date_epoch_value(d):
    return oe.reproducible.epochfile_read(d.getVar('SDE_FILE'), d)
