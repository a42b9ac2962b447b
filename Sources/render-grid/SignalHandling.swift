import Dispatch
import GridExport
import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT and SIGTERM set a cancellation flag instead of killing the process, so a render can stop
/// between frames and leave only complete files.
enum SignalHandling {
    static func install(_ cancellation: Cancellation) -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { cancellation.cancel(signal: number) }
            source.resume()
            return source
        }
    }
}
