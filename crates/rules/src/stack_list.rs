//! [`StackList`]: a list of fixed capacity that lives on the stack, which every game's move
//! generator fills (it allocates nothing). Each game names its own `MoveList` with the
//! capacity its positions need.

use core::fmt;

/// A value for the slots a [`StackList`] has not filled yet; it is never read.
pub trait Filler: Copy {
    const FILLER: Self;
}

#[derive(Clone)]
pub struct StackList<T, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Filler, const N: usize> StackList<T, N> {
    #[inline]
    pub const fn new() -> Self {
        StackList {
            items: [T::FILLER; N],
            len: 0,
        }
    }
}

impl<T: Copy, const N: usize> StackList<T, N> {
    #[inline]
    pub fn push(&mut self, item: T) {
        debug_assert!(self.len < N);
        // The capacity is chosen above the most moves a position can have; indexing keeps
        // the bound checked anyway.
        self.items[self.len] = item;
        self.len += 1;
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..self.len]
    }
    pub fn retain(&mut self, mut keep: impl FnMut(T) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            if keep(self.items[i]) {
                self.items[j] = self.items[i];
                j += 1;
            }
        }
        self.len = j;
    }
    pub fn iter(&self) -> core::slice::Iter<'_, T> {
        self.as_slice().iter()
    }
}

impl<T: Copy + PartialEq, const N: usize> StackList<T, N> {
    pub fn contains(&self, item: T) -> bool {
        self.as_slice().contains(&item)
    }
}

impl<T: Filler, const N: usize> Default for StackList<T, N> {
    fn default() -> Self {
        StackList::new()
    }
}

impl<T: Copy, const N: usize> core::ops::Deref for StackList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a StackList<T, N> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for StackList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
