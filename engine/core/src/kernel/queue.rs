//! Event queue ordered by (time, sequence): events at equal times pop in the order they were
//! scheduled, which makes every run reproducible. No two events share a sequence number, so the
//! order is total and any correct heap pops the same events in the same order; this one is
//! 4-ary (half the levels of a binary heap) over keys packed into one `u128`, compared without
//! branches.
use super::SimTime;

/// Children of a heap node.
const ARITY: usize = 4;

#[derive(Clone, Debug)]
struct Entry<E> {
    /// `time` in the high 64 bits, the sequence number in the low 64: their order is the key's.
    key: u128,
    event: E,
}

#[derive(Clone, Debug)]
pub struct EventQueue<E> {
    heap: Vec<Entry<E>>,
    next_seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        EventQueue { heap: Vec::new(), next_seq: 0 }
    }
}

impl<E> EventQueue<E> {
    #[inline]
    pub fn push(&mut self, time: SimTime, event: E) {
        let key = (time as u128) << 64 | self.next_seq as u128;
        self.next_seq += 1;
        let mut i = self.heap.len();
        self.heap.push(Entry { key, event });
        while i > 0 {
            let parent = (i - 1) / ARITY;
            if self.heap[parent].key <= key {
                break;
            }
            self.heap.swap(i, parent);
            i = parent;
        }
    }

    #[inline]
    pub fn pop(&mut self) -> Option<(SimTime, E)> {
        let last = self.heap.pop()?;
        let top = if self.heap.is_empty() {
            last
        } else {
            let top = std::mem::replace(&mut self.heap[0], last);
            self.sift_down();
            top
        };
        Some(((top.key >> 64) as SimTime, top.event))
    }

    /// Moves the root down to its place: below every node whose key is smaller.
    fn sift_down(&mut self) {
        let heap = &mut self.heap;
        let (n, mut i) = (heap.len(), 0);
        loop {
            let first = ARITY * i + 1;
            if first >= n {
                break;
            }
            let mut min = first;
            for c in first + 1..(first + ARITY).min(n) {
                if heap[c].key < heap[min].key {
                    min = c;
                }
            }
            if heap[min].key >= heap[i].key {
                break;
            }
            heap.swap(i, min);
            i = min;
        }
    }

    #[inline]
    pub fn peek_time(&self) -> Option<SimTime> {
        self.heap.first().map(|e| (e.key >> 64) as SimTime)
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_by_time_then_fifo() {
        let mut q = EventQueue::default();
        q.push(5, 'a');
        q.push(1, 'b');
        q.push(5, 'c');
        q.push(1, 'd');
        let order: Vec<char> = std::iter::from_fn(|| q.pop().map(|(_, e)| e)).collect();
        assert_eq!(order, vec!['b', 'd', 'a', 'c']);
    }

    #[test]
    fn pops_as_a_sorted_list_would() {
        let mut rng = crate::kernel::rng::Rng::stream(5, 0);
        let mut q = EventQueue::default();
        let (mut all, mut id) = (Vec::new(), 0);
        for round in 0..200u64 {
            for _ in 0..rng.below(20) {
                let t = round * 10 + rng.below(50) as u64;
                q.push(t, id);
                all.push((t, id));
                id += 1;
            }
            for _ in 0..rng.below(20) {
                let Some((t, e)) = q.pop() else { break };
                let i = (0..all.len()).min_by_key(|&i| all[i]).unwrap(); // the events' ids rise with seq
                assert_eq!(all.remove(i), (t, e));
            }
        }
    }
}
