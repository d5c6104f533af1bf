//! Where a path of the assignment file is written (`assignment.name`, `question[2].nth`,
//! `vary[0].uniform[1]`), and which path is written at a place in the text: `toml_edit` keeps the
//! byte span of every key and value.
use std::ops::Range;

use toml_edit::{Item, Table, TableLike, Value};

/// One node of the document: a table's item, a table of an array of tables, or a value in an
/// array or inline table.
#[derive(Clone, Copy)]
enum Node<'a> {
    Item(&'a Item),
    Table(&'a Table),
    Value(&'a Value),
}

impl<'a> Node<'a> {
    fn span(self) -> Option<Range<usize>> {
        match self {
            Node::Item(i) => i.span(),
            Node::Table(t) => t.span(),
            Node::Value(v) => v.span(),
        }
    }

    fn table(self) -> Option<&'a dyn TableLike> {
        match self {
            Node::Item(i) => i.as_table_like(),
            Node::Table(t) => Some(t),
            Node::Value(v) => v.as_inline_table().map(|t| t as &dyn TableLike),
        }
    }

    fn children(self) -> Vec<(String, Option<Range<usize>>, Node<'a>)> {
        if let Some(table) = self.table() {
            return table
                .iter()
                .map(|(k, item)| (format!(".{k}"), table.key(k).and_then(|k| k.span()), Node::Item(item)))
                .collect();
        }
        let indexed = |i: usize| format!("[{i}]");
        match self {
            Node::Item(Item::ArrayOfTables(a)) => {
                a.iter().enumerate().map(|(i, t)| (indexed(i), None, Node::Table(t))).collect()
            }
            Node::Item(Item::Value(Value::Array(a))) | Node::Value(Value::Array(a)) => {
                a.iter().enumerate().map(|(i, v)| (indexed(i), None, Node::Value(v))).collect()
            }
            _ => Vec::new(),
        }
    }

    fn index(self, i: usize) -> Option<Node<'a>> {
        match self {
            Node::Item(Item::ArrayOfTables(a)) => a.get(i).map(Node::Table),
            Node::Item(Item::Value(Value::Array(a))) | Node::Value(Value::Array(a)) => a.get(i).map(Node::Value),
            _ => None,
        }
    }
}

/// The span of what is written for `path` in `root`: its value, or, as far as the path is
/// written, the nearest key or value on the way to it.
pub fn span_of(root: &dyn TableLike, path: &str) -> Option<Range<usize>> {
    let mut best = None;
    let mut node: Option<Node> = None;
    for step in path.split('.') {
        let (key, indices) = step.split_once('[').map_or((step, ""), |(k, rest)| (k, rest));
        let table = match node {
            None => root,
            Some(n) => match n.table() {
                Some(t) => t,
                None => break,
            },
        };
        let Some((k, item)) = table.get_key_value(key) else { break };
        best = item.span().or_else(|| k.span()).or(best);
        let mut next = Node::Item(item);
        for index in indices.split('[').filter_map(|i| i.trim_end_matches(']').parse().ok()) {
            match next.index(index) {
                Some(n) => {
                    best = n.span().or(best);
                    next = n;
                }
                None => return best,
            }
        }
        node = Some(next);
    }
    best
}

/// The path of the innermost key or value written at byte `offset`; empty when none is.
pub fn path_at(root: &dyn TableLike, offset: usize) -> String {
    fn walk(node: Node, path: &str, offset: usize, found: &mut String) {
        for (step, key_span, child) in node.children() {
            let child_path =
                if path.is_empty() { step.trim_start_matches('.').to_string() } else { format!("{path}{step}") };
            let at = |s: Option<Range<usize>>| s.is_some_and(|s| s.contains(&offset));
            if at(key_span) || at(child.span()) {
                found.clone_from(&child_path);
            }
            walk(child, &child_path, offset, found);
        }
    }
    let mut found = String::new();
    for (key, item) in root.iter() {
        let at = |s: Option<Range<usize>>| s.is_some_and(|s| s.contains(&offset));
        if at(root.key(key).and_then(|k| k.span())) || at(item.span()) {
            found = key.to_string();
        }
        walk(Node::Item(item), key, offset, &mut found);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use toml_edit::ImDocument;

    const TEXT: &str = "[assignment]\nname = \"x\"\n\n[[question]]\nid = \"a\"\n\n[[question]]\nid = \"b\"\nnth = 3\n\n[[vary]]\nuniform = [1, 2]\n";

    /// What is written at the start of a span, up to the end of its line.
    fn at(span: Option<Range<usize>>) -> &'static str {
        let s = span.unwrap();
        TEXT[s.clone()].lines().next().unwrap()
    }

    #[test]
    fn paths_are_found_in_tables_arrays_of_tables_and_arrays() {
        let doc = ImDocument::parse(TEXT).unwrap();
        assert_eq!(at(span_of(doc.as_table(), "assignment.name")), "\"x\"");
        assert_eq!(at(span_of(doc.as_table(), "question[1].nth")), "3");
        assert_eq!(at(span_of(doc.as_table(), "vary[0].uniform[1]")), "2");
        // Not written: the nearest thing that is.
        assert_eq!(at(span_of(doc.as_table(), "question[1].points")), "[[question]]");
        assert_eq!(span_of(doc.as_table(), "nosuch.key"), None);
    }

    #[test]
    fn the_path_at_an_offset_is_the_innermost() {
        let doc = ImDocument::parse(TEXT).unwrap();
        let offset = TEXT.find("nth = 3").unwrap();
        assert_eq!(path_at(doc.as_table(), offset), "question[1].nth");
        assert_eq!(path_at(doc.as_table(), offset + 6), "question[1].nth");
        assert_eq!(path_at(doc.as_table(), TEXT.find("2]").unwrap()), "vary[0].uniform[1]");
    }
}
