//! VGDL's layout: lines into an indentation tree, as GVGAI reads it.
//!
//! A `#` starts a comment that runs to the end of the line; blank lines are skipped. A line's
//! indentation is the number of whitespace characters before its first word (a tab counts as
//! one, as in GVGAI, whose tab expansion has no effect). A line more indented than the line
//! above opens a block under it; every line of a block must have the same indentation.

use super::error::VgdlError;

/// One word of a line and the column (from 1) where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    pub column: usize,
}

/// A line of the file, split into words, and the lines indented under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Line number, from 1.
    pub line: usize,
    /// Whitespace characters before the first word.
    pub indent: usize,
    /// The words, comments removed; never empty.
    pub words: Vec<Word>,
    /// The block under this line.
    pub children: Vec<Node>,
}

impl Node {
    /// The column of the line's first word.
    pub fn column(&self) -> usize {
        self.words[0].column
    }

    /// An error about this line, at its first word.
    pub fn error(&self, message: impl Into<String>) -> VgdlError {
        VgdlError::at(self.line, self.column(), message)
    }
}

/// The words of one line (comments removed), with their columns.
fn words_of(line: &str) -> Vec<Word> {
    let code = line.split('#').next().unwrap_or("");
    let mut words = Vec::new();
    let mut current: Option<Word> = None;
    for (index, ch) in code.chars().enumerate() {
        if ch.is_whitespace() {
            if let Some(word) = current.take() {
                words.push(word);
            }
        } else {
            match current.as_mut() {
                Some(word) => word.text.push(ch),
                None => {
                    current = Some(Word {
                        text: ch.to_string(),
                        column: index + 1,
                    })
                }
            }
        }
    }
    words.extend(current);
    words
}

/// Parses `text` into its one top-level node (the game line) with everything nested under it.
pub fn parse_tree(text: &str) -> Result<Node, VgdlError> {
    // The chain of open nodes, the game line first; each holds its finished children.
    let mut open: Vec<Node> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let words = words_of(raw);
        if words.is_empty() {
            continue;
        }
        let node = Node {
            line: index + 1,
            indent: words[0].column - 1,
            words,
            children: Vec::new(),
        };
        let Some(root) = open.first() else {
            open.push(node);
            continue;
        };
        if node.indent <= root.indent {
            return Err(node.error(format!(
                "only one top-level line (the game class, \"{}\" on line {}) is allowed; indent this line under it",
                root.words[0].text, root.line
            )));
        }
        while open.last().is_some_and(|top| top.indent >= node.indent) {
            let done = open.pop().expect("the root is less indented");
            open.last_mut()
                .expect("the root is less indented")
                .children
                .push(done);
        }
        let parent = open.last().expect("the root is less indented");
        if let Some(sibling) = parent.children.first() {
            if sibling.indent != node.indent {
                return Err(node.error(format!(
                    "indentation {} does not match the other lines of this block ({}, line {})",
                    node.indent, sibling.indent, sibling.line
                )));
            }
        }
        open.push(node);
    }
    while open.len() > 1 {
        let done = open.pop().expect("checked length");
        open.last_mut().expect("checked length").children.push(done);
    }
    open.pop()
        .ok_or_else(|| VgdlError::at(1, 1, "the game file is empty"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_nest_by_indentation_and_comments_vanish() {
        let tree = parse_tree("Game a=1 # c\n  Set\n    x > y\n    z >\n  Other\n").unwrap();
        assert_eq!(tree.words.len(), 2);
        assert_eq!(tree.children.len(), 2);
        assert_eq!(tree.children[0].children.len(), 2);
        assert_eq!(tree.children[0].children[1].words[0].column, 5);
    }

    #[test]
    fn a_ragged_block_is_refused_with_its_line() {
        let error = parse_tree("Game\n  Set\n    x > y\n   z > w\n").unwrap_err();
        assert_eq!((error.line, error.column), (4, 4), "{error}");
    }

    #[test]
    fn a_second_top_level_line_is_refused() {
        let error = parse_tree("Game\n  Set\nOther\n").unwrap_err();
        assert_eq!(error.line, 3, "{error}");
    }
}
