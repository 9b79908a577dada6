//! Per board cell, how many states a search expanded and generated there (by where the agent
//! stands): the heat map and the frontier the page draws.

/// Counts of expanded and generated states per cell, and in all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellCounts {
    expanded: Vec<u32>,
    generated: Vec<u32>,
    expanded_total: u64,
    generated_total: u64,
}

impl CellCounts {
    /// Zero counts over `cells` cells.
    pub fn new(cells: usize) -> Self {
        CellCounts {
            expanded: vec![0; cells],
            generated: vec![0; cells],
            expanded_total: 0,
            generated_total: 0,
        }
    }

    fn bump(counts: &mut [u32], cell: Option<usize>) {
        if let Some(count) = cell.and_then(|c| counts.get_mut(c)) {
            *count = count.saturating_add(1);
        }
    }

    /// A state was expanded with the agent on `cell` (`None`, or a cell off the board, counts
    /// in the total only).
    pub fn count_expanded(&mut self, cell: Option<usize>) {
        self.expanded_total += 1;
        CellCounts::bump(&mut self.expanded, cell);
    }

    /// A state was generated with the agent on `cell`.
    pub fn count_generated(&mut self, cell: Option<usize>) {
        self.generated_total += 1;
        CellCounts::bump(&mut self.generated, cell);
    }

    /// Per cell, states expanded there: the heat map.
    pub fn heat(&self) -> &[u32] {
        &self.expanded
    }

    /// Per cell, states generated but not yet expanded (exact for searches that report each
    /// queued state once as generated and once as expanded).
    pub fn frontier(&self) -> Vec<u32> {
        self.generated
            .iter()
            .zip(&self.expanded)
            .map(|(g, e)| g.saturating_sub(*e))
            .collect()
    }

    /// States generated but not yet expanded, in all.
    pub fn frontier_size(&self) -> u64 {
        self.generated_total.saturating_sub(self.expanded_total)
    }

    /// Cells counted.
    pub fn cells(&self) -> usize {
        self.expanded.len()
    }

    /// Bytes held.
    pub(super) fn memory_bytes(&self) -> u64 {
        8 * self.expanded.len() as u64 + 16
    }
}
