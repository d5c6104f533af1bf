//! Event queue ordered by (time, sequence): events at equal times pop in the order they were
//! scheduled, which makes every run reproducible. No two events share a sequence number, so the
//! order is total and any correct heap pops the same events in the same order; this one is
//! 4-ary (half the levels of a binary heap) over keys packed into one `u128`, kept in their own
//! array and moved through a hole rather than swapped.
use super::SimTime;

/// Children of a heap node.
const ARITY: usize = 4;

#[derive(Clone, Debug)]
pub struct EventQueue<E> {
    /// The heap's keys, `time` in the high 64 bits and the sequence number in the low 64: their
    /// order is the key's. Apart from the events, so a node's children's keys are 64 bytes in a row.
    keys: Vec<u128>,
    /// The event of each key, at the same place.
    events: Vec<E>,
    next_seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        EventQueue { keys: Vec::new(), events: Vec::new(), next_seq: 0 }
    }
}

impl<E> EventQueue<E> {
    #[inline]
    pub fn push(&mut self, time: SimTime, event: E) {
        let key = (time as u128) << 64 | self.next_seq as u128;
        self.next_seq += 1;
        let mut i = self.keys.len();
        self.keys.push(key);
        self.events.push(event);
        // The new key's place moves up, its parents' keys down into it.
        while i > 0 {
            let parent = (i - 1) / ARITY;
            if self.keys[parent] <= key {
                break;
            }
            self.keys[i] = self.keys[parent];
            self.events.swap(i, parent);
            i = parent;
        }
        self.keys[i] = key;
    }

    #[inline]
    pub fn pop(&mut self) -> Option<(SimTime, E)> {
        let (last_key, last) = (self.keys.pop()?, self.events.pop()?);
        let (key, event) = if self.keys.is_empty() {
            (last_key, last)
        } else {
            let key = std::mem::replace(&mut self.keys[0], last_key);
            let event = std::mem::replace(&mut self.events[0], last);
            self.sift_down();
            (key, event)
        };
        Some(((key >> 64) as SimTime, event))
    }

    /// Moves the root down to its place: below every node whose key is smaller.
    fn sift_down(&mut self) {
        let keys = &mut self.keys;
        let (n, mut i, key) = (keys.len(), 0, keys[0]);
        loop {
            let first = ARITY * i + 1;
            if first >= n {
                break;
            }
            let mut min = first;
            for c in first + 1..(first + ARITY).min(n) {
                if keys[c] < keys[min] {
                    min = c;
                }
            }
            if keys[min] >= key {
                break;
            }
            keys[i] = keys[min];
            self.events.swap(i, min);
            i = min;
        }
        keys[i] = key;
    }

    #[inline]
    pub fn peek_time(&self) -> Option<SimTime> {
        self.keys.first().map(|k| (k >> 64) as SimTime)
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
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
