//! [`Num`]: a number for an attribute or a label, written without the standard library's
//! float formatting, whose code and tables cost the first download about 5 kB gzipped
//! (measured with twiggy on the page's wasm) for coordinates that need two decimals at most.

use core::fmt;

/// `value` written with at most `DECIMALS` decimals (1 or 2), rounded, and no trailing
/// zeros: `150`, `-0.5`, `12.25`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num<const DECIMALS: u32 = 2>(pub f64);

impl<const DECIMALS: u32> fmt::Display for Num<DECIMALS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scale = 10_i64.pow(DECIMALS);
        let scaled = (self.0 * scale as f64).round() as i64;
        if scaled < 0 {
            f.write_str("-")?;
        }
        let (whole, mut fraction) = (scaled.abs() / scale, scaled.abs() % scale);
        write!(f, "{whole}")?;
        if fraction == 0 {
            return Ok(());
        }
        let mut digits = DECIMALS as usize;
        while fraction % 10 == 0 {
            fraction /= 10;
            digits -= 1;
        }
        write!(f, ".{fraction:0digits$}")
    }
}

#[cfg(test)]
mod tests {
    use super::Num;

    #[test]
    fn numbers_are_written_as_the_standard_formatting_writes_them_to_two_decimals() {
        for (value, text) in [
            (150.0, "150"),
            (0.0, "0"),
            (-0.5, "-0.5"),
            (12.25, "12.25"),
            (12.05, "12.05"),
            (7.12345, "7.12"),
            (-16.0, "-16"),
            (99.999, "100"),
        ] {
            assert_eq!(Num::<2>(value).to_string(), text, "{value}");
        }
        assert_eq!(Num::<1>(2.25).to_string(), "2.3");
        assert_eq!(Num::<1>(7.0).to_string(), "7");
    }
}
