"""pystone: Reinhold Weicker's Dhrystone as ported to Python by Guido van
Rossum (pystone 1.1), restated: records, enums, arrays, procedure calls."""

IDENT_1, IDENT_2, IDENT_3, IDENT_4, IDENT_5 = range(1, 6)


class Record:
    def __init__(self, ptr_comp=None, discr=0, enum_comp=0, int_comp=0, str_comp=0):
        self.ptr_comp = ptr_comp
        self.discr = discr
        self.enum_comp = enum_comp
        self.int_comp = int_comp
        self.str_comp = str_comp

    def copy(self):
        return Record(self.ptr_comp, self.discr, self.enum_comp,
                      self.int_comp, self.str_comp)


class State:
    def __init__(self):
        self.int_glob = 0
        self.bool_glob = False
        self.char1 = '\0'
        self.char2 = '\0'
        self.array1 = [0] * 51
        self.array2 = [x[:] for x in [self.array1] * 51]
        self.ptr_glb = None
        self.ptr_glb_next = None


def func1(ch1, ch2):
    ch_loc1 = ch1
    ch_loc2 = ch_loc1
    if ch_loc2 != ch2:
        return IDENT_1
    return IDENT_2


def func2(s, str1, str2):
    int_loc = 1
    ch_loc = 'A'
    while int_loc <= 1:
        if func1(str1[int_loc], str2[int_loc + 1]) == IDENT_1:
            ch_loc = 'A'
            int_loc = int_loc + 1
    if 'W' <= ch_loc <= 'Z':
        int_loc = 7
    if ch_loc == 'X':
        return True
    if str1 > str2:
        int_loc = int_loc + 7
        return True
    return False


def func3(enum_par_in):
    return enum_par_in == IDENT_3


def proc1(s, ptr_par_in):
    next_record = ptr_par_in.ptr_comp = s.ptr_glb.copy()
    ptr_par_in.int_comp = 5
    next_record.int_comp = ptr_par_in.int_comp
    next_record.ptr_comp = ptr_par_in.ptr_comp
    next_record.ptr_comp = proc3(s, next_record.ptr_comp)
    if next_record.discr == IDENT_1:
        next_record.int_comp = 6
        next_record.enum_comp = proc6(s, ptr_par_in.enum_comp)
        next_record.ptr_comp = s.ptr_glb.ptr_comp
        next_record.int_comp = proc7(next_record.int_comp, 10)
    else:
        ptr_par_in = next_record.copy()
    next_record.ptr_comp = None
    return ptr_par_in


def proc2(s, int_par_io):
    int_loc = int_par_io + 10
    enum_loc = None
    while True:
        if s.char1 == 'A':
            int_loc = int_loc - 1
            int_par_io = int_loc - s.int_glob
            enum_loc = IDENT_1
        if enum_loc == IDENT_1:
            break
    return int_par_io


def proc3(s, ptr_par_out):
    if s.ptr_glb is not None:
        ptr_par_out = s.ptr_glb.ptr_comp
    else:
        s.int_glob = 100
    s.ptr_glb.int_comp = proc7(10, s.int_glob)
    return ptr_par_out


def proc4(s):
    bool_loc = s.char1 == 'A'
    bool_loc = bool_loc or s.bool_glob
    s.char2 = 'B'


def proc5(s):
    s.char1 = 'A'
    s.bool_glob = False


def proc6(s, enum_par_in):
    enum_par_out = enum_par_in
    if not func3(enum_par_in):
        enum_par_out = IDENT_4
    if enum_par_in == IDENT_1:
        enum_par_out = IDENT_1
    elif enum_par_in == IDENT_2:
        enum_par_out = IDENT_1 if s.int_glob > 100 else IDENT_4
    elif enum_par_in == IDENT_3:
        enum_par_out = IDENT_2
    elif enum_par_in == IDENT_4:
        pass
    elif enum_par_in == IDENT_5:
        enum_par_out = IDENT_3
    return enum_par_out



def proc7(int_par_i1, int_par_i2):
    int_loc = int_par_i1 + 2
    return int_par_i2 + int_loc


def proc8(s, array1_par, array2_par, int_par_i1, int_par_i2):
    int_loc = int_par_i1 + 5
    array1_par[int_loc] = int_par_i2
    array1_par[int_loc + 1] = array1_par[int_loc]
    array1_par[int_loc + 30] = int_loc
    for int_index in range(int_loc, int_loc + 2):
        array2_par[int_loc][int_index] = int_loc
    array2_par[int_loc][int_loc - 1] = array2_par[int_loc][int_loc - 1] + 1
    array2_par[int_loc + 20][int_loc] = array1_par[int_loc]
    s.int_glob = 5


def bench(loops):
    s = State()
    s.ptr_glb_next = Record()
    s.ptr_glb = Record(s.ptr_glb_next, IDENT_1, IDENT_3, 40,
                       "DHRYSTONE PROGRAM, SOME STRING")
    string1_loc = "DHRYSTONE PROGRAM, 1'ST STRING"
    s.array2[8][7] = 10
    for _ in range(loops):
        proc5(s)
        proc4(s)
        int_loc1 = 2
        int_loc2 = 3
        string2_loc = "DHRYSTONE PROGRAM, 2'ND STRING"
        enum_loc = IDENT_2
        s.bool_glob = not func2(s, string1_loc, string2_loc)
        while int_loc1 < int_loc2:
            int_loc3 = 5 * int_loc1 - int_loc2
            int_loc3 = proc7(int_loc1, int_loc2)
            int_loc1 = int_loc1 + 1
        proc8(s, s.array1, s.array2, int_loc1, int_loc3)
        s.ptr_glb = proc1(s, s.ptr_glb)
        char_index = 'A'
        while char_index <= s.char2:
            if enum_loc == func1(char_index, 'C'):
                enum_loc = proc6(s, IDENT_1)
            char_index = chr(ord(char_index) + 1)
        int_loc3 = int_loc2 * int_loc1
        int_loc2 = int_loc3 // int_loc1
        int_loc2 = 7 * (int_loc3 - int_loc2) - int_loc1
        int_loc1 = proc2(s, int_loc1)
    return s.int_glob


ITERATIONS = 300000
