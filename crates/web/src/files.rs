//! The build's names for the files a page fetches after it has started: the engine
//! worker's loader, the languages' texts, the Xiangqi pieces. scripts/post-build.sh names
//! each by its content (`i18n/zh-Hans.txt` becomes `i18n/zh-Hans-<hash>.txt`), so that a
//! page never meets a file of another build under the same name, and writes the pairs
//! where the page reads them: index.html's `<meta name="shatar-files">` for the app,
//! shatar-board.js for the embeds (`dom::files` holds them in the browser).

/// `plain=hashed` pairs, as the build writes them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildFiles(Vec<(String, String)>);

impl BuildFiles {
    /// Reads `plain=hashed` pairs separated by white space. Both names are relative paths
    /// of the site in the build's own alphabet (post-build.sh refuses any other), so that
    /// a name read here can only ever point at a file of the site.
    pub fn parse(text: &str) -> Result<BuildFiles, String> {
        let mut pairs = Vec::new();
        for pair in text.split_whitespace() {
            let (plain, hashed) = pair
                .split_once('=')
                .ok_or_else(|| format!("the build's file list: {pair:?} is not plain=hashed"))?;
            for name in [plain, hashed] {
                if !is_site_path(name) {
                    return Err(format!(
                        "the build's file list: {name:?} is not a file of the site"
                    ));
                }
            }
            pairs.push((plain.to_string(), hashed.to_string()));
        }
        Ok(BuildFiles(pairs))
    }

    /// The build's name for `plain`, or `plain` itself when the list does not hold it (a
    /// build made without the hook, a browser unit test).
    pub fn name<'a>(&'a self, plain: &'a str) -> &'a str {
        self.0
            .iter()
            .find(|(p, _)| p == plain)
            .map_or(plain, |(_, hashed)| hashed)
    }
}

/// `i18n/en.txt`, not `/x`, `../x`, `https://x` or `x/./y`.
fn is_site_path(name: &str) -> bool {
    !name.is_empty()
        && name.split('/').all(|part| {
            !part.is_empty()
                && part != "."
                && part != ".."
                && part
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_each_file_by_the_list_and_the_rest_by_itself() {
        let files = BuildFiles::parse(
            " worker-loader.js=worker-loader-0123abcd.js\n\
             i18n/zh-Hans.txt=i18n/zh-Hans-4567.txt ",
        )
        .unwrap();
        assert_eq!(files.name("worker-loader.js"), "worker-loader-0123abcd.js");
        assert_eq!(files.name("i18n/zh-Hans.txt"), "i18n/zh-Hans-4567.txt");
        assert_eq!(files.name("i18n/mn-Cyrl.txt"), "i18n/mn-Cyrl.txt");
        assert_eq!(BuildFiles::parse("").unwrap(), BuildFiles::default());
    }

    #[test]
    fn refuses_names_outside_the_site() {
        for bad in [
            "worker-loader.js",
            "worker-loader.js=",
            "=x.js",
            "a.js=/b.js",
            "a.js=../b.js",
            "a.js=https://evil.example/b.js",
            "a.js=x//b.js",
            "a.js=x/./b.js",
            "a.js=b.js?x=1",
            "a.js=b\"c.js",
            "__SHATAR_FILES__",
        ] {
            let err = BuildFiles::parse(bad).unwrap_err();
            assert!(err.starts_with("the build's file list: "), "{bad}: {err}");
        }
    }
}
