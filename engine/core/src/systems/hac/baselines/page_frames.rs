//! Where a page cache keeps its pages, for the lab's picture of it (issue 24, item 4): FPC,
//! QuickStore and GOM's page buffer hold whole pages in page-sized frames, and a page fetched goes
//! into the frame the evicted one left. The policies decide which page leaves; this only records
//! where each page sits and which of its objects were used since it arrived, so results do not
//! depend on it.
use super::super::cache::{Pages, ABSENT};

/// The page in each frame and each cached page's frame, with the objects used since each page
/// arrived.
#[derive(Clone, Debug)]
pub struct PageFrames {
    page_in: Vec<u32>,
    frame_of: Vec<u32>,
    /// Frames holding no page, the lowest last.
    free: Vec<u32>,
    used: Vec<bool>,
    used_on_page: Vec<u32>,
}

impl PageFrames {
    pub fn new(frames: u32, pages: &Pages) -> PageFrames {
        let objects = pages.objects(pages.count() - 1).end as usize;
        PageFrames {
            page_in: vec![ABSENT; frames as usize],
            frame_of: vec![ABSENT; pages.count() as usize],
            free: (0..frames).rev().collect(),
            used: vec![false; objects],
            used_on_page: vec![0; pages.count() as usize],
        }
    }

    /// Puts `page` into the lowest free frame.
    pub fn arrive(&mut self, page: u32) -> u32 {
        let frame = self.free.pop().expect("a free frame for the page fetched");
        self.page_in[frame as usize] = page;
        self.frame_of[page as usize] = frame;
        frame
    }

    /// Takes `page` out of its frame, which becomes free, and forgets which of its objects were
    /// used.
    pub fn leave(&mut self, page: u32, pages: &Pages) {
        let frame = std::mem::replace(&mut self.frame_of[page as usize], ABSENT);
        self.page_in[frame as usize] = ABSENT;
        self.free.push(frame);
        for o in pages.objects(page) {
            self.used[o as usize] = false;
        }
        self.used_on_page[page as usize] = 0;
    }

    /// Records that `object`, on the cached page `page`, was used.
    pub fn use_object(&mut self, object: u32, page: u32) {
        if !std::mem::replace(&mut self.used[object as usize], true) {
            self.used_on_page[page as usize] += 1;
        }
    }

    /// The page in frame `f`, if any.
    pub fn page_in(&self, f: u32) -> Option<u32> {
        Some(self.page_in[f as usize]).filter(|&p| p != ABSENT)
    }

    /// The frame holding `page`, if cached.
    pub fn frame_of(&self, page: u32) -> Option<u32> {
        Some(self.frame_of[page as usize]).filter(|&f| f != ABSENT)
    }

    /// Whether `object` was used since its page arrived.
    pub fn used(&self, object: u32) -> bool {
        self.used[object as usize]
    }

    /// Objects of `page` used since it arrived.
    pub fn used_in(&self, page: u32) -> u32 {
        self.used_on_page[page as usize]
    }

    /// How many frames there are.
    pub fn frames(&self) -> u32 {
        self.page_in.len() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pages of 3 objects each; a page arriving takes the frame the last one to leave freed.
    #[test]
    fn a_page_takes_the_frame_the_evicted_one_left_and_starts_unused() {
        let pages = Pages::new((0..12).map(|o| (o / 3, (o % 3) * 100, 100)));
        let mut m = PageFrames::new(2, &pages);
        assert_eq!((m.arrive(0), m.arrive(1)), (0, 1));
        m.use_object(1, 0);
        m.use_object(1, 0);
        m.use_object(2, 0);
        assert_eq!(m.used_in(0), 2, "an object counts once");
        m.leave(0, &pages);
        assert_eq!((m.page_in(0), m.frame_of(0)), (None, None));
        assert_eq!(m.arrive(3), 0);
        assert_eq!((m.page_in(0), m.frame_of(3), m.used_in(0), m.used(1)), (Some(3), Some(0), 0, false));
    }
}
