import Testing
import SegueCore
import SegueTestSupport

extension GLSuite {
    /// xfade's custom transition against the installed ffmpeg's own (`XfadeOracle.checkCustom`),
    /// on both renderers, over a corpus that calls every function and reads every variable of
    /// ffmpeg 5.1's expression language (`corpus`; a test checks it covers them all).
    @Suite struct XfadeCustomTests {
        /// Each line an expression as people write them: wipes and fades, and the rest of the
        /// language. Variables are stored before they are read, and `random` is seeded from the
        /// pixel, as ffmpeg's variables carry over between pixels and threads (docs/XFADE.md).
        static let corpus: [String] = [
            "A*P+B*(1-P)",
            "if(gt(X,W*P),B,A)",
            "ifnot(lt(Y,H*P),A,B)",
            "st(0,hypot(X-W/2,Y-H/2)/hypot(W/2,H/2));if(lte(ld(0),P),A,B)",
            "lerp(B,A,clip(P*2-X/W,0,1))",
            "between(mod(X+Y,32),0,16*P)*A+not(between(mod(X+Y,32),0,16*P))*B",
            "PLANE*20+a0(W-1-X,Y)*P/3+a1(X/2,Y/2)*P/3+a2(X*2,Y*2)*P/4+a3(X,Y)/8",
            "b0(X,H-1-Y)*(1-P)/3+b1(Y,X)*(1-P)/3+b2(X-7,Y+5)*(1-P)/4+b3(X,Y)/8+PLANE*10",
            "(sin(X/7)*cos(Y/9)+tan(0.3)+atan(P)+asin(0.5)+acos(0.5)+sinh(0.5)+cosh(0.5)+tanh(P))*30+A*P",
            "exp(P)*log(X+1)*sqrt(Y+1)*abs(-3)+squish(P-0.5)*10+gauss(X/W-0.5)*100",
            "floor(A*P)+ceil(B*(1-P))-round(P*10)+round(-2.5)+trunc(-2.7)+sgn(X-W/2)*5",
            "max(A,B)*P+min(A,B)*(1-P)+eq(A,B)*50+gte(A,B)*3",
            "pow(A/255,1+P)*255+2^-1*B*(1-P)+(-2)^2-2^2",
            "isnan(0/0)*A*P+isinf(1/0)*B*(1-P)+gcd(X,Y)+bitand(X,Y)+bitor(Y,7)",
            "st(1,0);st(2,X+1);while(gt(ld(2),8),st(2,ld(2)/2);st(1,ld(1)+1));if(lt(ld(1)*40*P,A),A,B)",
            "taylor(1,P)*A/3+taylor(ld(1),X/W,1)*B/3",
            "root(ld(0)*ld(0)-X*P,W)*4",
            "st(0,X+Y*W);random(0)*255*P+B*(1-P)",
            "print(PI*E*PHI)*0+QP2LAMBDA*P+1e1+2k/100+1Ki/1024+3dB+1B+500m+A*P",
            "-gauss(0)*100-squish(0)*100-(-X)-lerp(0,10,0.5)",
            "A*3-200*P",
            "st(3,if(gt(X,W/2),1,2));ifnot(eq(ld(3),1),A,B)",
            "if(gt(X,W*P),st(0,A),st(0,B*2));ld(0)",
            "atan2(Y-H/2,X-W/2)*40+A*P;if(lt(atan2(Y-H/2,X-W/2),P*6.28-3.14),A,B)",
        ]

        @Test(arguments: corpus)
        func matchesFFmpeg(_ expression: String) throws {
            try XfadeOracle.checkCustom(expression)
        }

        /// The corpus calls every function and reads every variable.
        @Test func corpusCoversTheLanguage() throws {
            var functions: Set<ExpressionFunction> = [], variables: Set<ExpressionVariable> = []
            for expression in Self.corpus {
                let syntax = try ExpressionParser.parse(expression)
                functions.formUnion(syntax.functions)
                variables.formUnion(syntax.variables)
            }
            #expect(Set(ExpressionFunction.allCases).subtracting(functions).isEmpty,
                    "not in the corpus: \(Set(ExpressionFunction.allCases).subtracting(functions).map(\.rawValue).sorted())")
            #expect(Set(ExpressionVariable.allCases).subtracting(variables).isEmpty)
        }
    }
}
