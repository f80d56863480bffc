package org.oxisync.core.ignore;

/** What the scanners leave out of a pair: ignore rules plus selective-sync exclusions. */
public record PathFilter(IgnoreRules ignoreRules, SelectiveSync selectiveSync) {

    public boolean excludes(String path, boolean isDirectory) {
        return selectiveSync.isExcluded(path) || ignoreRules.isIgnored(path, isDirectory);
    }
}
