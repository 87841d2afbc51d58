"""richards: Martin Richards' operating-system task scheduler simulation
(classes, method calls, linked lists), restated."""

I_IDLE, I_WORK, I_HANDLERA, I_HANDLERB, I_DEVA, I_DEVB = range(1, 7)
K_DEV, K_WORK = 1000, 1001
BUFSIZE = 4


class Packet:
    def __init__(self, link, ident, kind):
        self.link = link
        self.ident = ident
        self.kind = kind
        self.datum = 0
        self.data = [0] * BUFSIZE

    def append_to(self, lst):
        self.link = None
        if lst is None:
            return self
        p = lst
        nxt = p.link
        while nxt is not None:
            p = nxt
            nxt = p.link
        p.link = self
        return lst


class TaskRec:
    pass


class DeviceTaskRec(TaskRec):
    def __init__(self):
        self.pending = None


class IdleTaskRec(TaskRec):
    def __init__(self):
        self.control = 1
        self.count = 10000


class HandlerTaskRec(TaskRec):
    def __init__(self):
        self.work_in = None
        self.device_in = None

    def work_in_add(self, p):
        self.work_in = p.append_to(self.work_in)
        return self.work_in

    def device_in_add(self, p):
        self.device_in = p.append_to(self.device_in)
        return self.device_in


class WorkerTaskRec(TaskRec):
    def __init__(self):
        self.destination = I_HANDLERA
        self.count = 0


class Sched:
    def __init__(self):
        self.task_tab = [None] * 10
        self.task_list = None
        self.hold_count = 0
        self.qpkt_count = 0
        self.current = None
        self.current_id = 0


class Task:
    def __init__(self, sched, ident, priority, inp, rec, waiting, holding):
        self.sched = sched
        self.link = sched.task_list
        self.ident = ident
        self.priority = priority
        self.input = inp
        self.packet_pending = inp is not None
        self.task_waiting = waiting
        self.task_holding = holding
        self.handle = rec
        sched.task_list = self
        sched.task_tab[ident] = self

    def is_held_or_suspended(self):
        return self.task_holding or (not self.packet_pending and self.task_waiting)

    def waiting_with_packet(self):
        return self.packet_pending and self.task_waiting and not self.task_holding

    def add_packet(self, p, old):
        if self.input is None:
            self.input = p
            self.packet_pending = True
            if self.priority > old.priority:
                return self
        else:
            p.append_to(self.input)
        return old

    def run_task(self):
        if self.waiting_with_packet():
            msg = self.input
            self.input = msg.link
            if self.input is None:
                self.packet_pending = self.task_waiting = self.task_holding = False
            else:
                self.packet_pending = True
                self.task_waiting = self.task_holding = False
        else:
            msg = None
        return self.fn(msg, self.handle)

    def wait_task(self):
        self.task_waiting = True
        return self

    def hold(self):
        self.sched.hold_count += 1
        self.task_holding = True
        return self.link

    def release(self, i):
        t = self.find(i)
        t.task_holding = False
        if t.priority > self.priority:
            return t
        return self

    def qpkt(self, pkt):
        t = self.find(pkt.ident)
        self.sched.qpkt_count += 1
        pkt.link = None
        pkt.ident = self.sched.current_id
        return t.add_packet(pkt, self)

    def find(self, i):
        t = self.sched.task_tab[i]
        if t is None:
            raise ValueError('bad task id %d' % i)
        return t


class DeviceTask(Task):
    def fn(self, pkt, r):
        if pkt is None:
            pkt = r.pending
            if pkt is None:
                return self.wait_task()
            r.pending = None
            return self.qpkt(pkt)
        r.pending = pkt
        return self.hold()


class HandlerTask(Task):
    def fn(self, pkt, r):
        if pkt is not None:
            if pkt.kind == K_WORK:
                r.work_in_add(pkt)
            else:
                r.device_in_add(pkt)
        work = r.work_in
        if work is None:
            return self.wait_task()
        count = work.datum
        if count >= BUFSIZE:
            r.work_in = work.link
            return self.qpkt(work)
        dev = r.device_in
        if dev is None:
            return self.wait_task()
        r.device_in = dev.link
        dev.datum = work.data[count]
        work.datum = count + 1
        return self.qpkt(dev)


class IdleTask(Task):
    def fn(self, pkt, r):
        r.count -= 1
        if r.count == 0:
            return self.hold()
        if r.control & 1 == 0:
            r.control //= 2
            return self.release(I_DEVA)
        r.control = r.control // 2 ^ 0xd008
        return self.release(I_DEVB)


A = ord('A')


class WorkTask(Task):
    def fn(self, pkt, r):
        if pkt is None:
            return self.wait_task()
        dest = I_HANDLERB if r.destination == I_HANDLERA else I_HANDLERA
        r.destination = dest
        pkt.ident = dest
        pkt.datum = 0
        for i in range(BUFSIZE):
            r.count += 1
            if r.count > 26:
                r.count = 1
            pkt.data[i] = A + r.count - 1
        return self.qpkt(pkt)


def schedule(sched):
    t = sched.task_list
    while t is not None:
        if t.is_held_or_suspended():
            t = t.link
        else:
            sched.current_id = t.ident
            t = t.run_task()


def run_once():
    s = Sched()
    IdleTask(s, I_IDLE, 1, None, IdleTaskRec(), False, False)
    wkq = Packet(None, 0, K_WORK)
    wkq = Packet(wkq, 0, K_WORK)
    WorkTask(s, I_WORK, 1000, wkq, WorkerTaskRec(), True, False)
    wkq = Packet(None, I_DEVA, K_DEV)
    wkq = Packet(wkq, I_DEVA, K_DEV)
    wkq = Packet(wkq, I_DEVA, K_DEV)
    HandlerTask(s, I_HANDLERA, 2000, wkq, HandlerTaskRec(), True, False)
    wkq = Packet(None, I_DEVB, K_DEV)
    wkq = Packet(wkq, I_DEVB, K_DEV)
    wkq = Packet(wkq, I_DEVB, K_DEV)
    HandlerTask(s, I_HANDLERB, 3000, wkq, HandlerTaskRec(), True, False)
    DeviceTask(s, I_DEVA, 4000, None, DeviceTaskRec(), True, False)
    DeviceTask(s, I_DEVB, 5000, None, DeviceTaskRec(), True, False)
    schedule(s)
    if s.hold_count != 9297 or s.qpkt_count != 23246:
        raise RuntimeError('richards: wrong result %d %d' % (s.hold_count, s.qpkt_count))
    return s.qpkt_count


def bench(loops):
    for _ in range(loops):
        res = run_once()
    return res


ITERATIONS = 12
