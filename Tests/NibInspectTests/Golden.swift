import TestSupport

/// The goldens of this target, under `Tests/NibInspectTests/Goldens` (TestSupport's ``Golden``:
/// `RECORD_GOLDENS=1` rewrites them and fails the run).
let goldenFiles = Golden(directory: Golden.directory(besides: #filePath))
