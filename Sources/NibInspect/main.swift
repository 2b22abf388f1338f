import NibInspectCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(NibInspectCLI.main(Array(CommandLine.arguments.dropFirst())))
