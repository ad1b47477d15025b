/// The natural logarithm and the exponential, for the deceleration curve (docs/flow-layout.md §21.4):
/// the engine imports the standard library only, which has neither. Both reduce the argument by powers
/// of two and sum a short series, to within a few units in the last place of the C library's.
enum Exponential {
    /// ln 2 split so that `n · ln2High` is exact for the |n| < 2048 the exponential meets (fdlibm's split).
    static let ln2High = 6.93147180369123816490e-01
    static let ln2Low = 1.90821492927058770002e-10
    static let ln2 = 0.693147180559945309417232121458176568

    /// ln x for a finite x > 0: x = 2^e · m with m in [√½, √2), and ln m = 2 · atanh((m − 1)/(m + 1)),
    /// whose series in s = (m − 1)/(m + 1), |s| ≤ 0.172, gains five bits a term.
    static func log(_ x: Double) -> Double {
        precondition(x > 0 && x.isFinite, "the logarithm of a finite positive number")
        var exponent = Double(x.exponent)
        var m = x.significand
        if m > 1.4142135623730951 {
            m /= 2
            exponent += 1
        }
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        var power = s
        var sum = s
        var denominator = 1.0
        while true {
            power *= s2
            denominator += 2
            let term = power / denominator
            if (sum + term) == sum { break }
            sum += term
        }
        return (exponent * ln2High + 2 * sum) + exponent * ln2Low
    }

    /// e^x: x = n · ln 2 + r with |r| ≤ ½ ln 2, e^r by its Taylor series, then scaled by 2^n. 0 below
    /// the smallest subnormal's logarithm, infinity above the largest double's.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x < -745.2 { return 0 }
        if x > 709.79 { return .infinity }
        let n = (x / ln2).rounded()
        let r = (x - n * ln2High) - n * ln2Low
        return Double(sign: .plus, exponent: Int(n), significand: 1 + taylorMinusOne(r))
    }

    /// e^x − 1, exact to the last bits near 0 where `exp(x) − 1` would cancel them.
    static func expMinusOne(_ x: Double) -> Double {
        guard x.magnitude < 0.35 else { return exp(x) - 1 }
        return taylorMinusOne(x)
    }

    /// x + x²/2! + x³/3! + … for |x| < 0.35, summed until a term no longer changes the sum.
    private static func taylorMinusOne(_ x: Double) -> Double {
        var term = x
        var sum = x
        var k = 1.0
        while true {
            k += 1
            term *= x / k
            if (sum + term) == sum { break }
            sum += term
        }
        return sum
    }
}
