//! The OO7 benchmark database (Carey, DeWitt, Naughton 1993, [CDN94]) as HAC's experiments use
//! it (Castro et al. 1997, §4.1): a module whose assembly hierarchy (7 levels, fan-out 3) ends in
//! 729 base assemblies, each naming 3 of 500 composite parts; each composite part owns a document
//! and a graph of atomic parts joined by connections. Objects are laid out in creation order into
//! pages (clustering by "time of creation", §4.1) with Thor's object format (§2.2): 6 bytes per
//! object on disk besides its fields, at most 512 objects a page, no object spanning two pages.
//! The traversals over it are in `traversal.rs`, the frame sections that show one in `view.rs`.
//! The object sizes are spec §4.1's synthetic Thor layout (the paper gives only aggregates);
//! `docs/models.md` lists where they land.
pub mod dynamic;
pub mod footprint;
pub mod graph;
pub mod traversal;
pub mod view;

#[cfg(test)]
mod tests;

use crate::kernel::rng::Rng;

pub use footprint::Footprint;
pub use graph::References;
pub use traversal::{Access, RootOnly, Traversal, TraversalKind};

/// Which OO7 database (§4.1): small has 20 atomic parts per composite part, medium 200.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Oo7Size {
    Small,
    Medium,
}

/// What shapes the generated database: the benchmark's counts and the Thor object sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct Oo7Params {
    pub size: Oo7Size,
    /// Page size, bytes: 8 KB in the paper's experiments, 4 KB for the GOM comparison (§4.2.4).
    pub page_bytes: u32,
    /// Bytes of a type string (an atomic part's or a connection's): 20 puts T1's cold misses on
    /// Table 2's 3,662 (spec §4.1 suggested about 22 before text pieces filled their pages).
    pub string_bytes: u32,
    /// Largest piece of a document or the manual, bytes: they are stored as trees of pieces,
    /// since no object may span pages (§2.1).
    pub text_piece_bytes: u32,
    /// Shuffle each atomic part's outgoing connections (spec A22): a depth-first walk that stops
    /// half-way (T1−) then spreads over the whole graph, not along the ring of first connections.
    pub shuffle_connections: bool,
    /// Bytes of a reference: Thor's 4 (§2.2); GOM's 12 (96-bit pointers, §4.2.4).
    pub reference_bytes: u32,
    /// Bytes added to every object: 0 for Thor; 6 for GOM, whose per-object overhead at the server
    /// is 12 bytes against Thor's 6 (§4.2.4).
    pub extra_object_bytes: u32,
    /// Thor0's segments (Liskov et al. §5.2) instead of Thor-1's pages: no page header, offset
    /// table or 512-object limit (a 64-bit xref names any object), and a text is one object, or
    /// pieces of `text_piece_bytes` each on segments of their own when it is larger, never cut
    /// to fill the rest of a segment (objects are not split across segments).
    pub segments: bool,
    /// Every composite part's document created after the whole library instead of just before
    /// its composite part (spec 003 B3): the documents then fill segments of their own.
    pub documents_apart: bool,
}

impl Oo7Params {
    /// The database in GOM's format (§4.2.4): the same objects with 12-byte references and 6 more
    /// bytes each. HAC-BIG runs on it.
    pub fn gom_sized(&self) -> Oo7Params {
        Oo7Params { reference_bytes: 12, extra_object_bytes: 6, ..self.clone() }
    }

    /// The database as Thor0 stores it (Liskov et al. §5–§6.1; spec 003 §3.1, A6, B2): 28.5 KB
    /// segments, 64-bit xrefs, and a 16-byte header on every object besides the class reference,
    /// which puts the mean object at 52 bytes (the paper's 51; 160 objects ≈ 8 KB, §6.2) and
    /// the databases at 6.7 and 63 MB (§6.1: 6.7 and 62.9). Documents are single objects, so a
    /// composite part's 2 KB (small) or 20 KB (medium) one is created after the library (B3), so
    /// that a segment of atomic parts holds the paper's 485 objects (R3).
    pub fn thor0(size: Oo7Size) -> Oo7Params {
        Oo7Params {
            size,
            page_bytes: THOR0_SEGMENT_BYTES,
            string_bytes: 20,
            text_piece_bytes: THOR0_SEGMENT_BYTES,
            shuffle_connections: true,
            reference_bytes: 8,
            extra_object_bytes: 16,
            segments: true,
            documents_apart: true,
        }
    }

    /// Bytes of a page's header, and of each object's offset-table entry: none in Thor0's segments.
    fn page_header(&self) -> u32 {
        if self.segments {
            0
        } else {
            size::PAGE_HEADER
        }
    }
    fn offset_entry(&self) -> u32 {
        if self.segments {
            0
        } else {
            size::OFFSET_ENTRY
        }
    }

    /// The fewest pages the generated database can take: the bytes of every object `generate`
    /// places, offset entries included, over a page's room, as if packing lost nothing (it loses
    /// a little: the database takes at most a few percent more). From the sizes alone, for
    /// validation, without generating anything.
    pub fn min_pages(&self) -> f64 {
        let object = |bytes: u32, refs: u32| {
            f64::from(bytes + refs * (self.reference_bytes - 4) + self.extra_object_bytes + self.offset_entry())
        };
        let text = |bytes: u32| {
            let pieces = bytes.div_ceil(self.text_piece_bytes);
            object(size::array(pieces), size::refs::array(pieces))
                + f64::from(bytes)
                + f64::from(pieces) * (object(0, size::refs::TEXT))
        };
        let n = self.size.atomic_per_composite();
        let connections = n * CONNECTIONS_PER_PART;
        let string = object(self.string_bytes, size::refs::TEXT);
        // Each part's incoming array: an empty array's bytes, and one reference per connection.
        let incoming = f64::from(n) * object(size::array(0), size::refs::array(0)) + f64::from(connections) * 4.0;
        let incoming = incoming + f64::from(connections * (self.reference_bytes - 4));
        let composite = text(self.size.document_bytes())
            + object(size::COMPOSITE_PART, size::refs::COMPOSITE_PART)
            + f64::from(n)
                * (object(size::ATOMIC_PART, size::refs::ATOMIC_PART)
                    + object(size::array(CONNECTIONS_PER_PART), size::refs::array(CONNECTIONS_PER_PART))
                    + string)
            + incoming
            + f64::from(connections) * (object(size::CONNECTION, size::refs::CONNECTION) + string);
        let assemblies = (0..LEVELS).map(|l| f64::from(FAN_OUT).powi(l as i32)).sum::<f64>();
        let module = object(size::MODULE, size::refs::MODULE) + text(self.size.manual_bytes());
        let assembly =
            object(size::ASSEMBLY, size::refs::ASSEMBLY) + object(size::array(FAN_OUT), size::refs::array(FAN_OUT));
        let bytes = f64::from(COMPOSITE_PARTS) * composite + module + assemblies * assembly;
        (bytes / f64::from(self.page_bytes - self.page_header())).ceil()
    }
}

impl Default for Oo7Params {
    fn default() -> Self {
        Oo7Params {
            size: Oo7Size::Medium,
            page_bytes: 8192,
            string_bytes: 20,
            text_piece_bytes: 4000,
            shuffle_connections: true,
            reference_bytes: 4,
            extra_object_bytes: 0,
            segments: false,
            documents_apart: false,
        }
    }
}

/// Thor0's segment: 28.5 KB, one track of its RZ26 disk (Liskov et al. §5.2).
pub const THOR0_SEGMENT_BYTES: u32 = 29_184;

/// Sizes of the objects' fields, bytes, each including Thor's 4-byte header (the oref of the
/// class object, §2.2); spec §4.1's synthetic layout, with 4-byte references (`refs` counts each
/// kind's, the header's included, for other reference sizes). The 2-byte offset-table entry per
/// object is added when the object is placed on its page.
pub mod size {
    pub const ATOMIC_PART: u32 = 40;
    pub const CONNECTION: u32 = 28;
    pub const COMPOSITE_PART: u32 = 48;
    pub const ASSEMBLY: u32 = 40;
    pub const MODULE: u32 = 40;
    /// A vector of references: header, length, one 4-byte reference per element.
    pub const fn array(len: u32) -> u32 {
        8 + 4 * len
    }
    /// Offset-table entry per object on its page (§2.2).
    pub const OFFSET_ENTRY: u32 = 2;
    /// References in each kind of object: the class (the header), then its reference fields.
    pub mod refs {
        /// class, type, partOf, to, from.
        pub const ATOMIC_PART: u32 = 5;
        /// class, type, from, to.
        pub const CONNECTION: u32 = 4;
        /// class, documentation, rootPart, parts, usedInPriv, usedInShar.
        pub const COMPOSITE_PART: u32 = 6;
        /// class, superAssembly or designRoot, module, children.
        pub const ASSEMBLY: u32 = 4;
        pub const MODULE: u32 = 4;
        /// A vector's class and elements; a string's or a text piece's class.
        pub const fn array(len: u32) -> u32 {
            1 + len
        }
        pub const TEXT: u32 = 1;
    }
    /// Page header: the page's id and its object count.
    pub const PAGE_HEADER: u32 = 16;
    /// At most 2^9 objects a page: an oref's oid has 9 bits (§2.2).
    pub const OBJECTS_PER_PAGE: u32 = 512;
}

/// Fan-out of the assembly hierarchy and its depth: 7 levels, the 7th of base assemblies [CDN94].
pub const FAN_OUT: u32 = 3;
pub const LEVELS: u32 = 7;
/// Composite parts in the library, and how many each base assembly names (§4.1).
pub const COMPOSITE_PARTS: u32 = 500;
pub const COMPOSITES_PER_BASE: u32 = 3;
/// Outgoing connections of an atomic part (§4.1).
pub const CONNECTIONS_PER_PART: u32 = 3;

impl Oo7Size {
    pub fn atomic_per_composite(self) -> u32 {
        match self {
            Oo7Size::Small => 20,
            Oo7Size::Medium => 200,
        }
    }
    /// Bytes of each composite part's document and of the manual [CDN94].
    pub fn document_bytes(self) -> u32 {
        match self {
            Oo7Size::Small => 2_000,
            Oo7Size::Medium => 20_000,
        }
    }
    pub fn manual_bytes(self) -> u32 {
        match self {
            Oo7Size::Small => 100_000,
            Oo7Size::Medium => 1_000_000,
        }
    }
}

/// One object: where it lies and how big it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Object {
    pub page: u32,
    /// Its byte offset in the page.
    pub offset: u16,
    pub bytes: u16,
}

/// Where a composite part's objects begin: they are numbered consecutively in creation order
/// (document, composite part, atomic parts with their sub-objects, connections with theirs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompositeLayout {
    pub document: u32,
    pub composite: u32,
    /// Atomic part j is object `parts + 4j`, followed by its outgoing-connection array, its
    /// incoming-connection array and its type string.
    pub parts: u32,
    /// The k-th outgoing connection of part j is object `connections + 2(3j + k)`, followed by
    /// its type string.
    pub connections: u32,
}

/// Objects per atomic part (itself, two connection arrays, a type string) and per connection.
pub const PART_OBJECTS: u32 = 4;
pub const CONNECTION_OBJECTS: u32 = 2;

/// An assembly: its object, then its array of children (assemblies, or composite parts for a
/// base assembly).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assembly {
    pub object: u32,
    pub children_array: u32,
    pub children: Vec<u32>,
    pub base: bool,
}

/// A generated OO7 database.
#[derive(Clone, Debug)]
pub struct Oo7Database {
    pub params: Oo7Params,
    pub objects: Vec<Object>,
    pub pages: u32,
    pub composites: Vec<CompositeLayout>,
    /// Atomic part j of composite c connects to part `to[(c·n + j)·3 + k]` of c, in walk order.
    pub to: Vec<u16>,
    /// The module's object; the assembly hierarchy's root is `assemblies[0]`.
    pub module: u32,
    /// Complex and base assemblies in creation (depth-first) order.
    pub assemblies: Vec<Assembly>,
}

/// Places objects in creation order: each on the current page if it fits (bytes and the 512
/// object limit), else on a new page.
struct Packer {
    page_bytes: u32,
    /// Bytes a reference adds beyond Thor's 4, and bytes added to every object.
    wide_reference: u32,
    extra: u32,
    objects: Vec<Object>,
    page: u32,
    used: u32,
    count: u32,
    /// Thor0's segments (`Oo7Params::segments`): the page's header, offset entries and object
    /// limit, and the cutting of texts to fill a page, are Thor-1's.
    segments: bool,
}

impl Packer {
    /// Places an object of `bytes` with 4-byte references, `refs` of them.
    fn place(&mut self, bytes: u32, refs: u32) -> u32 {
        self.put(bytes + refs * self.wide_reference + self.extra)
    }

    fn put(&mut self, bytes: u32) -> u32 {
        let (entry, limit, header) = if self.segments {
            (0, u32::MAX, 0)
        } else {
            (size::OFFSET_ENTRY, size::OBJECTS_PER_PAGE, size::PAGE_HEADER)
        };
        let cost = bytes + entry;
        if self.count == limit || (self.used + cost > self.page_bytes && self.count > 0) {
            self.page += 1;
            self.used = header;
            self.count = 0;
        }
        let id = self.objects.len() as u32;
        self.objects.push(Object { page: self.page, offset: self.used as u16, bytes: bytes as u16 });
        self.used += cost;
        self.count += 1;
        id
    }

    /// A text of `bytes` as a root object over pieces of at most `piece` bytes, each cut to fill
    /// what is left of its page (a large object is a tree of smaller ones, §2.1, and nothing
    /// makes the pieces equal); the root's id.
    fn text(&mut self, bytes: u32, piece: u32) -> u32 {
        let pieces = bytes.div_ceil(piece);
        let root = self.place(size::array(pieces), size::refs::array(pieces));
        if self.segments {
            // Whole pieces, each where it fits (a piece as large as a segment gets its own).
            for i in 0..pieces {
                self.place((bytes - i * piece).min(piece), size::refs::TEXT);
            }
            return root;
        }
        let pad = size::refs::TEXT * self.wide_reference + self.extra;
        let mut left = bytes;
        while left > 0 {
            // A page fuller than its offset entry leaves no room (not a wrapped-around one).
            let room = self.page_bytes.saturating_sub(self.used + size::OFFSET_ENTRY).saturating_sub(pad);
            let fits = if self.count < size::OBJECTS_PER_PAGE && room >= MIN_PIECE { room } else { piece };
            let take = left.min(piece).min(fits);
            self.place(take, size::refs::TEXT);
            left -= take;
        }
        root
    }
}

/// The smallest piece of text worth starting at the end of a page.
const MIN_PIECE: u32 = 64;

impl Oo7Database {
    /// Generates the database; `seed` draws the connections and the base assemblies' composite
    /// parts, so the same seed gives the same database everywhere.
    pub fn generate(params: &Oo7Params, seed: u64) -> Oo7Database {
        let mut rng = Rng::stream(seed, 0x007);
        let n = params.size.atomic_per_composite();
        let mut packer = Packer {
            page_bytes: params.page_bytes,
            wide_reference: params.reference_bytes - 4,
            extra: params.extra_object_bytes,
            objects: Vec::new(),
            page: 0,
            used: params.page_header(),
            count: 0,
            segments: params.segments,
        };
        let mut composites = Vec::with_capacity(COMPOSITE_PARTS as usize);
        let mut to = Vec::with_capacity((COMPOSITE_PARTS * n * CONNECTIONS_PER_PART) as usize);
        // The composite-part library first, then the module with its manual and assemblies, as
        // the OO7 generator creates them [CDN94].
        for _ in 0..COMPOSITE_PARTS {
            // Part j's first connection goes to j+1 (a ring, so the graph is connected), the
            // others to random parts of the same composite part [CDN94].
            let first = to.len();
            for j in 0..n {
                let mut out = [(j + 1) % n, rng.below(n), rng.below(n)];
                if params.shuffle_connections {
                    rng.shuffle(&mut out);
                }
                to.extend(out.iter().map(|&t| t as u16));
            }
            let mut incoming = vec![0u32; n as usize];
            for &t in &to[first..] {
                incoming[t as usize] += 1;
            }
            let document = if params.documents_apart {
                0 // placed after the library, below
            } else {
                packer.text(params.size.document_bytes(), params.text_piece_bytes)
            };
            let composite = packer.place(size::COMPOSITE_PART, size::refs::COMPOSITE_PART);
            let parts = packer.place(size::ATOMIC_PART, size::refs::ATOMIC_PART);
            for j in 0..n {
                if j > 0 {
                    packer.place(size::ATOMIC_PART, size::refs::ATOMIC_PART);
                }
                packer.place(size::array(CONNECTIONS_PER_PART), size::refs::array(CONNECTIONS_PER_PART));
                let incoming = incoming[j as usize];
                packer.place(size::array(incoming), size::refs::array(incoming));
                packer.place(params.string_bytes, size::refs::TEXT);
            }
            let connections = packer.place(size::CONNECTION, size::refs::CONNECTION);
            packer.place(params.string_bytes, size::refs::TEXT);
            for _ in 1..n * CONNECTIONS_PER_PART {
                packer.place(size::CONNECTION, size::refs::CONNECTION);
                packer.place(params.string_bytes, size::refs::TEXT);
            }
            composites.push(CompositeLayout { document, composite, parts, connections });
        }
        if params.documents_apart {
            for c in &mut composites {
                c.document = packer.text(params.size.document_bytes(), params.text_piece_bytes);
            }
        }
        let module = packer.place(size::MODULE, size::refs::MODULE);
        packer.text(params.size.manual_bytes(), params.text_piece_bytes);
        let mut assemblies = Vec::new();
        build_assembly(&mut packer, &mut rng, &mut assemblies, 1);
        let pages = packer.page + 1;
        Oo7Database { params: params.clone(), objects: packer.objects, pages, composites, to, module, assemblies }
    }

    pub fn atomic_per_composite(&self) -> u32 {
        self.params.size.atomic_per_composite()
    }

    /// The pieces of composite part `c`'s document: the objects after its root (up to the
    /// composite part, which follows them unless the documents are apart, when they are whole).
    pub fn document_pieces(&self, c: u32) -> std::ops::Range<u32> {
        let layout = &self.composites[c as usize];
        if !self.params.documents_apart {
            return layout.document + 1..layout.composite;
        }
        let pieces = self.params.size.document_bytes().div_ceil(self.params.text_piece_bytes);
        layout.document + 1..layout.document + 1 + pieces
    }

    /// Object of atomic part `j` of composite part `c`.
    pub fn part(&self, c: u32, j: u32) -> u32 {
        self.composites[c as usize].parts + PART_OBJECTS * j
    }

    /// Object of the `k`-th outgoing connection of part `j` of composite part `c`.
    pub fn connection(&self, c: u32, j: u32, k: u32) -> u32 {
        self.composites[c as usize].connections + CONNECTION_OBJECTS * (CONNECTIONS_PER_PART * j + k)
    }

    /// The part the `k`-th outgoing connection of part `j` of composite part `c` leads to.
    pub fn target(&self, c: u32, j: u32, k: u32) -> u32 {
        self.to[((c * self.atomic_per_composite() + j) * CONNECTIONS_PER_PART + k) as usize] as u32
    }

    /// Bytes of the database's pages.
    pub fn bytes(&self) -> u64 {
        self.pages as u64 * self.params.page_bytes as u64
    }
}

/// Creates an assembly at `level` and, depth first, the ones below it; returns its index.
fn build_assembly(packer: &mut Packer, rng: &mut Rng, out: &mut Vec<Assembly>, level: u32) -> u32 {
    let index = out.len() as u32;
    let object = packer.place(size::ASSEMBLY, size::refs::ASSEMBLY);
    let children_array = packer.place(size::array(FAN_OUT), size::refs::array(FAN_OUT));
    let base = level == LEVELS;
    out.push(Assembly { object, children_array, children: Vec::new(), base });
    let children = if base {
        (0..COMPOSITES_PER_BASE).map(|_| rng.below(COMPOSITE_PARTS)).collect()
    } else {
        (0..FAN_OUT).map(|_| build_assembly(packer, rng, out, level + 1)).collect()
    };
    out[index as usize].children = children;
    index
}
