import ArchiveReader

/// The loop over the documents of a directory, bundle or storyboard: each document is rendered on
/// one of up to `width` workers (``Concurrently/forEach(_:width:_:consume:)``, the mechanism
/// `scan` uses) into a console of its own, and the renderings are written in input order, so the
/// output is byte for byte that of one worker (`--jobs 1`) whatever the width.
///
/// Memory: at most `width` renderings are in progress and at most `4 × width` finished ones wait
/// for an earlier one; each is written as soon as every earlier one is.
enum OrderedOutput {
    /// What one worker wrote: its standard output bytes and its standard error text.
    struct Rendering: Sendable {
        var output: [UInt8]
        var errors: String
    }

    /// Renders `items` with `render` (called on a worker with the item and a capturing console),
    /// up to `width` at once, and hands each rendering to `emit` in input order, on the calling
    /// task's executor while the calling thread waits. `width <= 1` renders them one after another.
    ///
    /// - Throws: the first error `render` or `emit` throws, in input order; later items are still
    ///   rendered but no longer emitted.
    static func forEach<T: Sendable>(_ items: [T], width: Int,
                                     render: @escaping @Sendable (T, Console) throws -> Void,
                                     emit: (Int, Rendering) throws -> Void) throws {
        try forEach(items, width: width, transform: { item in
            let console = Console.capturing()
            try render(item, console)
            return Rendering(output: console.outputBytes, errors: console.errors)
        }, emit: emit)
    }

    /// `transform` of each of `items` on up to `width` workers, each result handed to `emit` in
    /// input order (see ``forEach(_:width:render:emit:)``).
    static func forEach<T: Sendable, R: Sendable>(_ items: [T], width: Int,
                                                  transform: @escaping @Sendable (T) throws -> R,
                                                  emit: (Int, R) throws -> Void) throws {
        let failure = FailureBox()
        try withoutActuallyEscaping(emit) { emit in
            // The task may outlive the wait by a moment: it holds the box, and the box lets go of
            // `emit` before this closure returns.
            let emitting = UncheckedEmit(emit: emit)
            defer { emitting.emit = nil }
            try Concurrently.wait {
                await Concurrently.forEach(items, width: width, { item -> Result<R, any Error> in
                    do { return .success(try transform(item)) } catch { return .failure(error) }
                }) { i, result in
                    guard failure.error == nil, let emit = emitting.emit else { return }
                    do { try emit(i, try result.get()) } catch { failure.error = error }
                }
            }
        }
        if let error = failure.error { throw error }
    }

    /// Writes `rendering` to `console`: its output, then its errors (stderr flushes stdout first,
    /// so the two streams interleave as one worker would have written them per document).
    static func write(_ rendering: Rendering, to console: Console) {
        console.writeBytes(rendering.output)
        if !rendering.errors.isEmpty { console.error(rendering.errors) }
    }
}

/// The caller's `emit`, called only while the caller waits in ``OrderedOutput/forEach(_:width:transform:emit:)``,
/// one call at a time in input order.
private final class UncheckedEmit<R>: @unchecked Sendable {
    var emit: ((Int, R) throws -> Void)?
    init(emit: @escaping (Int, R) throws -> Void) { self.emit = emit }
}

/// The first error of an ordered loop, read after it (one writer at a time: the ordered consumer).
private final class FailureBox: @unchecked Sendable {
    var error: (any Error)?
}
