#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where Redis (or a proxy speaking its protocol, such as twemproxy) listens and how to log in to it,
/// parsed from `redis://[:password@]host[:port][/db]`.
///
/// The password is a secret: `description` and the mirror `dump` walks leave it out, and no error
/// message repeats any part of a URL that could hold it, so an endpoint can be logged as it is.
public struct RedisEndpoint: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// A name, an IPv4 address, or an IPv6 address (without its brackets).
    public let host: String
    public let port: Int
    /// The database `SELECT`ed on every new connection when not 0.
    public let db: Int
    /// Sent with `AUTH` on every new connection; bytes, as percent-decoding may give any.
    public let password: [UInt8]?

    public static let defaultPort = 6379

    public init(host: String, port: Int = RedisEndpoint.defaultPort, db: Int = 0, password: [UInt8]? = nil) {
        self.host = host
        self.port = port
        self.db = db
        self.password = password
    }

    /// Parses `url`; `passwordFileContents`, the text of a password file, wins over a password in the
    /// URL, so the secret can stay out of the command line and the environment. Its trailing newline
    /// (what editors and `echo` leave) is not part of the password.
    public init(url: String, passwordFileContents: String? = nil) throws(RedisEndpointError) {
        var rest = Substring(url)
        let scheme = "redis://"
        guard rest.lowercased().hasPrefix(scheme) else {
            if rest.lowercased().hasPrefix("rediss://") { throw .init("TLS (rediss://) is not supported") }
            throw .init("it must start with redis://")
        }
        rest = rest.dropFirst(scheme.count)
        if rest.contains("?") || rest.contains("#") { throw .init("a query or fragment is not supported") }

        // The password may hold any character, so the user information ends at the last '@' (the
        // host, port and database never hold one).
        var password: [UInt8]?
        if let at = rest.lastIndex(of: "@") {
            let userInformation = rest[..<at]
            rest = rest[rest.index(after: at)...]
            guard userInformation.first == ":" else {
                throw .init("a user name is not supported: write the password as redis://:password@host")
            }
            password = try Self.percentDecoded(userInformation.dropFirst())
            if password!.isEmpty { throw .init("the password after ':' is empty") }
        }
        if let passwordFileContents {
            var text = Substring(passwordFileContents)
            while let last = text.last, last == "\n" || last == "\r" || last == "\r\n" { text = text.dropLast() }
            if text.isEmpty { throw .init("the password file is empty") }
            password = Array(text.utf8)
        }

        var authority = rest
        var db = 0
        if let slash = rest.firstIndex(of: "/") {
            authority = rest[..<slash]
            let path = rest[rest.index(after: slash)...]
            if !path.isEmpty {
                guard let number = Self.decimal(path, max: Int(Int32.max)) else {
                    throw .init("the database '\(path)' is not a number from 0 to \(Int32.max)")
                }
                db = number
            }
        }

        var host: Substring
        var portText: Substring?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { throw .init("an IPv6 address lacks its ']'") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { throw .init("only ':port' may follow ']'") }
                portText = after.dropFirst()
            }
            guard Self.isAddress(host, family: AF_INET6) else { throw .init("'\(host)' is not an IPv6 address") }
        } else {
            host = authority
            if let colon = authority.firstIndex(of: ":") {
                host = authority[..<colon]
                portText = authority[authority.index(after: colon)...]
                if portText!.contains(":") { throw .init("an IPv6 address must be written in brackets: [::1]") }
            }
            if host.isEmpty { throw .init("the host is missing") }
            if host.allSatisfy({ $0 == "." || ("0"..."9").contains($0) }) {
                guard Self.isAddress(host, family: AF_INET) else { throw .init("'\(host)' is not an IPv4 address") }
            } else {
                guard host.utf8.allSatisfy(Self.isNameByte), host.first != "-", host.first != "." else {
                    throw .init("'\(host)' is not a host name")
                }
            }
        }
        var port = Self.defaultPort
        if let portText {
            guard let number = Self.decimal(portText, max: 65535), number > 0 else {
                throw .init("the port '\(portText)' is not a number from 1 to 65535")
            }
            port = number
        }
        self.init(host: String(host), port: port, db: db, password: password)
    }

    /// `redis://host:port/db`, never the password.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "redis://\(shownHost):\(port)/\(db)"
    }

    /// Whether there is a password, not what it is.
    public var customMirror: Mirror {
        Mirror(self, children: ["host": host, "port": port, "db": db, "hasPassword": password != nil])
    }

    /// `text` without its `%XX` escapes; an incomplete or non-hexadecimal escape is an error.
    private static func percentDecoded(_ text: Substring) throws(RedisEndpointError) -> [UInt8] {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard input.count >= 2, let high = hexValue(input[input.startIndex]),
                let low = hexValue(input[input.startIndex + 1])
            else { throw .init("the password has a '%' not followed by two hexadecimal digits") }
            bytes.append(high << 4 | low)
            input = input.dropFirst(2)
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Digits only (no sign, no spaces), at most `max`.
    private static func decimal(_ text: Substring, max: Int) -> Int? {
        guard !text.isEmpty, text.count <= 10, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int(text), value <= max
        else { return nil }
        return value
    }

    /// Letters, digits, '-', '.' and '_' (which some container networks put in names).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// The C library's own parser decides what an address is, as it is what will connect to it.
    private static func isAddress(_ text: Substring, family: Int32) -> Bool {
        var buffer = (UInt64(0), UInt64(0))  // room for an in6_addr
        return withUnsafeMutableBytes(of: &buffer) { inet_pton(family, String(text), $0.baseAddress) == 1 }
    }
}

/// Why a Redis URL was refused: a sentence for the operator, without the URL (it may hold a password).
public struct RedisEndpointError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    init(_ reason: String) {
        message = "invalid Redis URL: \(reason)"
    }

    public var description: String { message }
}
