import Dispatch

/// Structured concurrency over `Sendable` units: ordered maps as child tasks, and a way to wait for
/// them from synchronous code without occupying the cooperative thread pool.
package enum Concurrently {
    /// `items.map(transform)` with up to `width` transforms running at once as child tasks of a
    /// task group; results come back in input order. `width <= 1` runs them one after another.
    package static func map<T: Sendable, R: Sendable>(_ items: [T], width: Int,
                                                     _ transform: @escaping @Sendable (T) -> R) async -> [R] {
        var results: [R] = []
        results.reserveCapacity(items.count)
        await forEach(items, width: width, transform) { _, r in results.append(r) }
        return results
    }

    /// Runs `transform` over `items` with up to `width` at once as child tasks of a task group and
    /// hands each result to `consume` in input order, as soon as it and every result before it are
    /// done. At most `width` transforms run and at most `4 × width` results wait for an earlier one,
    /// so memory stays bounded however many items there are. `width <= 1` runs them one after
    /// another.
    package static func forEach<T: Sendable, R: Sendable>(_ items: [T], width: Int,
                                                         _ transform: @escaping @Sendable (T) async -> R,
                                                         consume: (Int, R) -> Void) async {
        guard width > 1, items.count > 1 else {
            for (i, item) in items.enumerated() { consume(i, await transform(item)) }
            return
        }
        await withTaskGroup(of: (Int, R).self) { group in
            var waiting: [Int: R] = [:]
            var next = 0
            var emitted = 0
            var running = 0
            func fill() {
                while running < width, next < items.count, next - emitted < 4 * width {
                    let i = next
                    group.addTask { (i, await transform(items[i])) }
                    next += 1
                    running += 1
                }
            }
            fill()
            while let (i, r) = await group.next() {
                running -= 1
                waiting[i] = r
                while let ready = waiting.removeValue(forKey: emitted) {
                    consume(emitted, ready)
                    emitted += 1
                }
                fill()
            }
        }
    }

    /// Runs `body` to completion and returns its result, blocking the calling thread.
    ///
    /// The task and its children run on a private executor backed by Dispatch worker threads, never
    /// on the cooperative pool, so a synchronous caller that itself runs on the pool (a synchronous
    /// test, say) cannot starve the work it waits for. The calling thread is blocked meanwhile:
    /// this relies on Dispatch giving the queue worker threads of its own while callers wait.
    package static func wait<R: Sendable>(_ body: @escaping @Sendable () async throws -> R) throws -> R {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<R>()
        Task(executorPreference: DispatchTaskExecutor.shared) {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }
}

/// Holds a result written by one task before a semaphore is signalled and read after the wait.
private final class ResultBox<R: Sendable>: @unchecked Sendable {
    var result: Result<R, any Error>?
}

/// A task executor on a concurrent Dispatch queue.
private final class DispatchTaskExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = DispatchTaskExecutor()
    private let queue = DispatchQueue(label: "nibinspect.decode", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
