import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);
import {
  checkKey,
  countingBytes
} from "./chunk-NJ2XX4KM.mjs";
import {
  __commonJS,
  __export,
  __toESM
} from "./chunk-YODZ6O3U.mjs";

// node_modules/dayjs/dayjs.min.js
var require_dayjs_min = __commonJS({
  "node_modules/dayjs/dayjs.min.js"(exports, module) {
    !(function(t, e) {
      "object" == typeof exports && "undefined" != typeof module ? module.exports = e() : "function" == typeof define && define.amd ? define(e) : (t = "undefined" != typeof globalThis ? globalThis : t || self).dayjs = e();
    })(exports, (function() {
      "use strict";
      var t = 1e3, e = 6e4, n = 36e5, r = "millisecond", i = "second", s = "minute", u = "hour", a = "day", o = "week", c = "month", f = "quarter", h = "year", d = "date", l = "Invalid Date", $ = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/, y = /\[([^\]]+)]|YYYY|YY|M{1,4}|D{1,2}|d{1,4}|H{1,2}|h{1,2}|a|A|m{1,2}|s{1,2}|Z{1,2}|SSS/g, M = { name: "en", weekdays: "Sunday_Monday_Tuesday_Wednesday_Thursday_Friday_Saturday".split("_"), months: "January_February_March_April_May_June_July_August_September_October_November_December".split("_"), ordinal: function(t2) {
        var e2 = ["th", "st", "nd", "rd"], n2 = t2 % 100;
        return "[" + t2 + (e2[(n2 - 20) % 10] || e2[n2] || e2[0]) + "]";
      } }, m = function(t2, e2, n2) {
        var r2 = String(t2);
        return !r2 || r2.length >= e2 ? t2 : "" + Array(e2 + 1 - r2.length).join(n2) + t2;
      }, v = { s: m, z: function(t2) {
        var e2 = -t2.utcOffset(), n2 = Math.abs(e2), r2 = Math.floor(n2 / 60), i2 = n2 % 60;
        return (e2 <= 0 ? "+" : "-") + m(r2, 2, "0") + ":" + m(i2, 2, "0");
      }, m: function t2(e2, n2) {
        if (e2.date() < n2.date()) return -t2(n2, e2);
        var r2 = 12 * (n2.year() - e2.year()) + (n2.month() - e2.month()), i2 = e2.clone().add(r2, c), s2 = n2 - i2 < 0, u2 = e2.clone().add(r2 + (s2 ? -1 : 1), c);
        return +(-(r2 + (n2 - i2) / (s2 ? i2 - u2 : u2 - i2)) || 0);
      }, a: function(t2) {
        return t2 < 0 ? Math.ceil(t2) || 0 : Math.floor(t2);
      }, p: function(t2) {
        return { M: c, y: h, w: o, d: a, D: d, h: u, m: s, s: i, ms: r, Q: f }[t2] || String(t2 || "").toLowerCase().replace(/s$/, "");
      }, u: function(t2) {
        return void 0 === t2;
      } }, g = "en", D = {};
      D[g] = M;
      var p = "$isDayjsObject", S = function(t2) {
        return t2 instanceof _ || !(!t2 || !t2[p]);
      }, w = function t2(e2, n2, r2) {
        var i2;
        if (!e2) return g;
        if ("string" == typeof e2) {
          var s2 = e2.toLowerCase();
          D[s2] && (i2 = s2), n2 && (D[s2] = n2, i2 = s2);
          var u2 = e2.split("-");
          if (!i2 && u2.length > 1) return t2(u2[0]);
        } else {
          var a2 = e2.name;
          D[a2] = e2, i2 = a2;
        }
        return !r2 && i2 && (g = i2), i2 || !r2 && g;
      }, O = function(t2, e2) {
        if (S(t2)) return t2.clone();
        var n2 = "object" == typeof e2 ? e2 : {};
        return n2.date = t2, n2.args = arguments, new _(n2);
      }, b = v;
      b.l = w, b.i = S, b.w = function(t2, e2) {
        return O(t2, { locale: e2.$L, utc: e2.$u, x: e2.$x, $offset: e2.$offset });
      };
      var _ = (function() {
        function M2(t2) {
          this.$L = w(t2.locale, null, true), this.parse(t2), this.$x = this.$x || t2.x || {}, this[p] = true;
        }
        var m2 = M2.prototype;
        return m2.parse = function(t2) {
          this.$d = (function(t3) {
            var e2 = t3.date, n2 = t3.utc;
            if (null === e2) return /* @__PURE__ */ new Date(NaN);
            if (b.u(e2)) return /* @__PURE__ */ new Date();
            if (e2 instanceof Date) return new Date(e2);
            if ("string" == typeof e2 && !/Z$/i.test(e2)) {
              var r2 = e2.match($);
              if (r2) {
                var i2 = r2[2] - 1 || 0, s2 = (r2[7] || "0").substring(0, 3);
                return n2 ? new Date(Date.UTC(r2[1], i2, r2[3] || 1, r2[4] || 0, r2[5] || 0, r2[6] || 0, s2)) : new Date(r2[1], i2, r2[3] || 1, r2[4] || 0, r2[5] || 0, r2[6] || 0, s2);
              }
            }
            return new Date(e2);
          })(t2), this.init();
        }, m2.init = function() {
          var t2 = this.$d;
          this.$y = t2.getFullYear(), this.$M = t2.getMonth(), this.$D = t2.getDate(), this.$W = t2.getDay(), this.$H = t2.getHours(), this.$m = t2.getMinutes(), this.$s = t2.getSeconds(), this.$ms = t2.getMilliseconds();
        }, m2.$utils = function() {
          return b;
        }, m2.isValid = function() {
          return !(this.$d.toString() === l);
        }, m2.isSame = function(t2, e2) {
          var n2 = O(t2);
          return this.startOf(e2) <= n2 && n2 <= this.endOf(e2);
        }, m2.isAfter = function(t2, e2) {
          return O(t2) < this.startOf(e2);
        }, m2.isBefore = function(t2, e2) {
          return this.endOf(e2) < O(t2);
        }, m2.$g = function(t2, e2, n2) {
          return b.u(t2) ? this[e2] : this.set(n2, t2);
        }, m2.unix = function() {
          return Math.floor(this.valueOf() / 1e3);
        }, m2.valueOf = function() {
          return this.$d.getTime();
        }, m2.startOf = function(t2, e2) {
          var n2 = this, r2 = !!b.u(e2) || e2, f2 = b.p(t2), l2 = function(t3, e3) {
            var i2 = b.w(n2.$u ? Date.UTC(n2.$y, e3, t3) : new Date(n2.$y, e3, t3), n2);
            return r2 ? i2 : i2.endOf(a);
          }, $2 = function(t3, e3) {
            return b.w(n2.toDate()[t3].apply(n2.toDate("s"), (r2 ? [0, 0, 0, 0] : [23, 59, 59, 999]).slice(e3)), n2);
          }, y2 = this.$W, M3 = this.$M, m3 = this.$D, v2 = "set" + (this.$u ? "UTC" : "");
          switch (f2) {
            case h:
              return r2 ? l2(1, 0) : l2(31, 11);
            case c:
              return r2 ? l2(1, M3) : l2(0, M3 + 1);
            case o:
              var g2 = this.$locale().weekStart || 0, D2 = (y2 < g2 ? y2 + 7 : y2) - g2;
              return l2(r2 ? m3 - D2 : m3 + (6 - D2), M3);
            case a:
            case d:
              return $2(v2 + "Hours", 0);
            case u:
              return $2(v2 + "Minutes", 1);
            case s:
              return $2(v2 + "Seconds", 2);
            case i:
              return $2(v2 + "Milliseconds", 3);
            default:
              return this.clone();
          }
        }, m2.endOf = function(t2) {
          return this.startOf(t2, false);
        }, m2.$set = function(t2, e2) {
          var n2, o2 = b.p(t2), f2 = "set" + (this.$u ? "UTC" : ""), l2 = (n2 = {}, n2[a] = f2 + "Date", n2[d] = f2 + "Date", n2[c] = f2 + "Month", n2[h] = f2 + "FullYear", n2[u] = f2 + "Hours", n2[s] = f2 + "Minutes", n2[i] = f2 + "Seconds", n2[r] = f2 + "Milliseconds", n2)[o2], $2 = o2 === a ? this.$D + (e2 - this.$W) : e2;
          if (o2 === c || o2 === h) {
            var y2 = this.clone().set(d, 1);
            y2.$d[l2]($2), y2.init(), this.$d = y2.set(d, Math.min(this.$D, y2.daysInMonth())).$d;
          } else l2 && this.$d[l2]($2);
          return this.init(), this;
        }, m2.set = function(t2, e2) {
          return this.clone().$set(t2, e2);
        }, m2.get = function(t2) {
          return this[b.p(t2)]();
        }, m2.add = function(r2, f2) {
          var d2, l2 = this;
          r2 = Number(r2);
          var $2 = b.p(f2), y2 = function(t2) {
            var e2 = O(l2);
            return b.w(e2.date(e2.date() + Math.round(t2 * r2)), l2);
          };
          if ($2 === c) return this.set(c, this.$M + r2);
          if ($2 === h) return this.set(h, this.$y + r2);
          if ($2 === a) return y2(1);
          if ($2 === o) return y2(7);
          var M3 = (d2 = {}, d2[s] = e, d2[u] = n, d2[i] = t, d2)[$2] || 1, m3 = this.$d.getTime() + r2 * M3;
          return b.w(m3, this);
        }, m2.subtract = function(t2, e2) {
          return this.add(-1 * t2, e2);
        }, m2.format = function(t2) {
          var e2 = this, n2 = this.$locale();
          if (!this.isValid()) return n2.invalidDate || l;
          var r2 = t2 || "YYYY-MM-DDTHH:mm:ssZ", i2 = b.z(this), s2 = this.$H, u2 = this.$m, a2 = this.$M, o2 = n2.weekdays, c2 = n2.months, f2 = n2.meridiem, h2 = function(t3, n3, i3, s3) {
            return t3 && (t3[n3] || t3(e2, r2)) || i3[n3].slice(0, s3);
          }, d2 = function(t3) {
            return b.s(s2 % 12 || 12, t3, "0");
          }, $2 = f2 || function(t3, e3, n3) {
            var r3 = t3 < 12 ? "AM" : "PM";
            return n3 ? r3.toLowerCase() : r3;
          };
          return r2.replace(y, (function(t3, r3) {
            return r3 || (function(t4) {
              switch (t4) {
                case "YY":
                  return String(e2.$y).slice(-2);
                case "YYYY":
                  return b.s(e2.$y, 4, "0");
                case "M":
                  return a2 + 1;
                case "MM":
                  return b.s(a2 + 1, 2, "0");
                case "MMM":
                  return h2(n2.monthsShort, a2, c2, 3);
                case "MMMM":
                  return h2(c2, a2);
                case "D":
                  return e2.$D;
                case "DD":
                  return b.s(e2.$D, 2, "0");
                case "d":
                  return String(e2.$W);
                case "dd":
                  return h2(n2.weekdaysMin, e2.$W, o2, 2);
                case "ddd":
                  return h2(n2.weekdaysShort, e2.$W, o2, 3);
                case "dddd":
                  return o2[e2.$W];
                case "H":
                  return String(s2);
                case "HH":
                  return b.s(s2, 2, "0");
                case "h":
                  return d2(1);
                case "hh":
                  return d2(2);
                case "a":
                  return $2(s2, u2, true);
                case "A":
                  return $2(s2, u2, false);
                case "m":
                  return String(u2);
                case "mm":
                  return b.s(u2, 2, "0");
                case "s":
                  return String(e2.$s);
                case "ss":
                  return b.s(e2.$s, 2, "0");
                case "SSS":
                  return b.s(e2.$ms, 3, "0");
                case "Z":
                  return i2;
              }
              return null;
            })(t3) || i2.replace(":", "");
          }));
        }, m2.utcOffset = function() {
          return 15 * -Math.round(this.$d.getTimezoneOffset() / 15);
        }, m2.diff = function(r2, d2, l2) {
          var $2, y2 = this, M3 = b.p(d2), m3 = O(r2), v2 = (m3.utcOffset() - this.utcOffset()) * e, g2 = this - m3, D2 = function() {
            return b.m(y2, m3);
          };
          switch (M3) {
            case h:
              $2 = D2() / 12;
              break;
            case c:
              $2 = D2();
              break;
            case f:
              $2 = D2() / 3;
              break;
            case o:
              $2 = (g2 - v2) / 6048e5;
              break;
            case a:
              $2 = (g2 - v2) / 864e5;
              break;
            case u:
              $2 = g2 / n;
              break;
            case s:
              $2 = g2 / e;
              break;
            case i:
              $2 = g2 / t;
              break;
            default:
              $2 = g2;
          }
          return l2 ? $2 : b.a($2);
        }, m2.daysInMonth = function() {
          return this.endOf(c).$D;
        }, m2.$locale = function() {
          return D[this.$L];
        }, m2.locale = function(t2, e2) {
          if (!t2) return this.$L;
          var n2 = this.clone(), r2 = w(t2, e2, true);
          return r2 && (n2.$L = r2), n2;
        }, m2.clone = function() {
          return b.w(this.$d, this);
        }, m2.toDate = function() {
          return new Date(this.valueOf());
        }, m2.toJSON = function() {
          return this.isValid() ? this.toISOString() : null;
        }, m2.toISOString = function() {
          return this.$d.toISOString();
        }, m2.toString = function() {
          return this.$d.toUTCString();
        }, M2;
      })(), Y = _.prototype;
      return O.prototype = Y, [["$ms", r], ["$s", i], ["$m", s], ["$H", u], ["$W", a], ["$M", c], ["$y", h], ["$D", d]].forEach((function(t2) {
        Y[t2[1]] = function(e2) {
          return this.$g(e2, t2[0], t2[1]);
        };
      })), O.extend = function(t2, e2) {
        return t2.$i || (t2(e2, _, O), t2.$i = true), O;
      }, O.locale = w, O.isDayjs = S, O.unix = function(t2) {
        return O(1e3 * t2);
      }, O.en = D[g], O.Ls = D, O.p = {}, O;
    }));
  }
});

// node_modules/dayjs/plugin/advancedFormat.js
var require_advancedFormat = __commonJS({
  "node_modules/dayjs/plugin/advancedFormat.js"(exports, module) {
    !(function(e, t) {
      "object" == typeof exports && "undefined" != typeof module ? module.exports = t() : "function" == typeof define && define.amd ? define(t) : (e = "undefined" != typeof globalThis ? globalThis : e || self).dayjs_plugin_advancedFormat = t();
    })(exports, (function() {
      "use strict";
      return function(e, t) {
        var r = t.prototype, n = r.format;
        r.format = function(e2) {
          var t2 = this, r2 = this.$locale();
          if (!this.isValid()) return n.bind(this)(e2);
          var s = this.$utils(), a = (e2 || "YYYY-MM-DDTHH:mm:ssZ").replace(/\[([^\]]+)]|Q|wo|ww|w|WW|W|zzz|z|gggg|GGGG|Do|X|x|k{1,2}|S/g, (function(e3) {
            switch (e3) {
              case "Q":
                return Math.ceil((t2.$M + 1) / 3);
              case "Do":
                return r2.ordinal(t2.$D);
              case "gggg":
                return t2.weekYear();
              case "GGGG":
                return t2.isoWeekYear();
              case "wo":
                return r2.ordinal(t2.week(), "W");
              case "w":
              case "ww":
                return s.s(t2.week(), "w" === e3 ? 1 : 2, "0");
              case "W":
              case "WW":
                return s.s(t2.isoWeek(), "W" === e3 ? 1 : 2, "0");
              case "k":
              case "kk":
                return s.s(String(0 === t2.$H ? 24 : t2.$H), "k" === e3 ? 1 : 2, "0");
              case "X":
                return Math.floor(t2.$d.getTime() / 1e3);
              case "x":
                return t2.$d.getTime();
              case "z":
                return "[" + t2.offsetName() + "]";
              case "zzz":
                return "[" + t2.offsetName("long") + "]";
              default:
                return e3;
            }
          }));
          return n.bind(this)(a);
        };
      };
    }));
  }
});

// node_modules/dayjs/locale/es.js
var require_es = __commonJS({
  "node_modules/dayjs/locale/es.js"(exports, module) {
    !(function(e, o) {
      "object" == typeof exports && "undefined" != typeof module ? module.exports = o(require_dayjs_min()) : "function" == typeof define && define.amd ? define(["dayjs"], o) : (e = "undefined" != typeof globalThis ? globalThis : e || self).dayjs_locale_es = o(e.dayjs);
    })(exports, (function(e) {
      "use strict";
      function o(e2) {
        return e2 && "object" == typeof e2 && "default" in e2 ? e2 : { default: e2 };
      }
      var s = o(e), d = { name: "es", monthsShort: "ene_feb_mar_abr_may_jun_jul_ago_sep_oct_nov_dic".split("_"), weekdays: "domingo_lunes_martes_mi\xE9rcoles_jueves_viernes_s\xE1bado".split("_"), weekdaysShort: "dom._lun._mar._mi\xE9._jue._vie._s\xE1b.".split("_"), weekdaysMin: "do_lu_ma_mi_ju_vi_s\xE1".split("_"), months: "enero_febrero_marzo_abril_mayo_junio_julio_agosto_septiembre_octubre_noviembre_diciembre".split("_"), weekStart: 1, formats: { LT: "H:mm", LTS: "H:mm:ss", L: "DD/MM/YYYY", LL: "D [de] MMMM [de] YYYY", LLL: "D [de] MMMM [de] YYYY H:mm", LLLL: "dddd, D [de] MMMM [de] YYYY H:mm" }, relativeTime: { future: "en %s", past: "hace %s", s: "unos segundos", m: "un minuto", mm: "%d minutos", h: "una hora", hh: "%d horas", d: "un d\xEDa", dd: "%d d\xEDas", M: "un mes", MM: "%d meses", y: "un a\xF1o", yy: "%d a\xF1os" }, ordinal: function(e2) {
        return e2 + "\xBA";
      } };
      return s.default.locale(d, null, true), d;
    }));
  }
});

// apps/server/src/config.ts
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

// apps/server/src/http/crypto.ts
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual
} from "node:crypto";
import { promisify } from "node:util";
var scrypt = promisify(scryptCallback);
var KEY_LENGTH = 64;
function randomToken(bytes = 32) {
  return randomBytes(bytes).toString("base64url");
}
function hashToken(token2) {
  return createHash("sha256").update(token2).digest("hex");
}
async function hashPassword(password, logN) {
  const salt = randomBytes(16);
  const N = 2 ** logN;
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, {
    N,
    r: 8,
    p: 1,
    maxmem: 256 * N * 8
  });
  return `scrypt$${logN}$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
}
async function verifyPassword(password, stored) {
  const [scheme, logN, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const N = 2 ** Number(logN);
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64"), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r)
  });
  return timingSafeEqual(actual, expected);
}
function safeEqual(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
var SECRETS_KEY_BYTES = 32;
var SecretBox = class _SecretBox {
  constructor(key) {
    this.key = key;
    if (key.length !== SECRETS_KEY_BYTES) throw new Error(`a secrets key has ${SECRETS_KEY_BYTES} bytes`);
  }
  key;
  static VERSION = "v1";
  seal(plain) {
    const nonce = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, nonce);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return [_SecretBox.VERSION, nonce, cipher.getAuthTag(), body].map((part) => typeof part === "string" ? part : part.toString("base64url")).join(".");
  }
  /** The plain value, or null when it was sealed under another key or altered. */
  open(sealed) {
    const [version, nonce, tag, body] = sealed.split(".");
    if (version !== _SecretBox.VERSION || !nonce || !tag || body === void 0) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(nonce, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8"
      );
    } catch {
      return null;
    }
  }
};

// apps/server/src/config.ts
var bool = z.enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" }).transform((value) => value === "true" || value === "1" || value === "yes");
var int = (min, max) => z.coerce.number({ message: "must be a whole number" }).int({ message: "must be a whole number" }).min(min, { message: `must be at least ${min}` }).max(max, { message: `must be at most ${max}` });
var url = (protocols) => z.string().refine(
  (value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}` }
);
var STORAGE_URL_FORMS = "must be s3://BUCKET?endpoint=\u2026&region=\u2026 or file:///absolute/path";
var S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
var storageUrl = z.string().transform((value, ctx) => {
  const fail = (message2) => {
    ctx.addIssue({ code: "custom", message: message2 });
    return z.NEVER;
  };
  let url2;
  try {
    url2 = new URL(value);
  } catch {
    return fail(STORAGE_URL_FORMS);
  }
  if (url2.protocol === "file:") {
    if (url2.host || url2.search) return fail("a file: URL names a local directory: file:///absolute/path");
    return { kind: "local", directory: fileURLToPath(url2) };
  }
  if (url2.protocol !== "s3:") return fail(STORAGE_URL_FORMS);
  if (url2.username || url2.password) {
    return fail("must not contain credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY");
  }
  const bucket = url2.hostname;
  if (!S3_BUCKET.test(bucket)) {
    return fail("the bucket name must be 3 to 63 lowercase letters, digits, dots or hyphens");
  }
  if (url2.port || url2.pathname !== "" && url2.pathname !== "/") {
    return fail("must name only a bucket: s3://BUCKET?endpoint=\u2026&region=\u2026");
  }
  const unknown = [...url2.searchParams.keys()].filter((name) => name !== "endpoint" && name !== "region");
  if (unknown.length > 0) return fail(`unknown parameter ${unknown.join(", ")} (known: endpoint, region)`);
  const endpoint2 = url2.searchParams.get("endpoint") || void 0;
  if (endpoint2 !== void 0) {
    let protocol;
    try {
      protocol = new URL(endpoint2).protocol;
    } catch {
    }
    if (protocol !== "http:" && protocol !== "https:")
      return fail("endpoint must be an http:// or https:// URL");
  }
  const region = url2.searchParams.get("region") || "us-east-1";
  return { kind: "s3", bucket, region, endpoint: endpoint2 };
});
var secretsKey = z.string().transform((value, context) => {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== SECRETS_KEY_BYTES || !/^[0-9a-zA-Z+/=_-]+$/.test(value)) {
    context.addIssue({
      code: "custom",
      message: `must be ${SECRETS_KEY_BYTES} random bytes as 64 hex digits or base64 (openssl rand -base64 32)`
    });
    return z.NEVER;
  }
  return key;
});
var environment = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: int(0, 65535).default(3e3),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  PUBLIC_URL: url(["http:", "https:"]).optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z.string().min(3).default("Lintel <no-reply@lintel.localhost>"),
  SUPPORT_EMAIL: z.email({ message: "must be an e-mail address" }).default("api-support@lintel.dev"),
  MAIL_MAX_ATTEMPTS: int(1, 50).default(5),
  DEMO_PASSWORD: z.string().min(12, { message: "must be at least 12 characters" }).default("demo-password"),
  SEED_DEMO: bool.default(true),
  SESSION_IDLE_MINUTES: int(1, 60 * 24 * 30).default(120),
  SESSION_MAX_DAYS: int(1, 365).default(30),
  SCRYPT_LOG_N: int(10, 20).default(17),
  LOGIN_MAX_FAILURES: int(1, 1e3).default(10),
  LOGIN_IP_MAX_FAILURES: int(1, 1e5).default(100),
  LOGIN_ACCOUNT_MAX_FAILURES: int(1, 1e5).default(100),
  MAIL_MAX_PER_ADDRESS_HOUR: int(1, 1e4).default(5),
  MAIL_MAX_PER_CLIENT_HOUR: int(1, 1e5).default(20),
  BODY_LIMIT_BYTES: int(1024, 100 * 1024 * 1024).default(1024 * 1024),
  TRUST_PROXY: bool.default(false),
  /** The listing's Security and Compliance tab and its questionnaire (spec 3 §2); on by default. */
  SECURITY_AND_COMPLIANCE_ENABLED: bool.default(true),
  /**
   * The listing application (spec 3 §1 "Listing activation"): while an app's marketplace is not enabled,
   * its listing tab offers the partner forms at these addresses (the app id is appended as a query).
   */
  LISTING_APPLICATION_ENABLED: bool.default(true),
  LISTING_EXISTING_PARTNER_FORM_URL: url(["http:", "https:"]).optional(),
  LISTING_NEW_PARTNER_FORM_URL: url(["http:", "https:"]).optional(),
  PARTNER_PROGRAMS_EMAIL: z.email().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST_DIR: z.string().optional(),
  SANDBOX_PROVISION_DELAY_MS: int(0, 24 * 36e5).default(3e3),
  SANDBOX_PROVISION_OUTCOME: z.enum(["live", "failed"], { message: "must be live or failed" }).default("live"),
  INVITATION_TTL_DAYS: int(1, 90).default(7),
  STORAGE_URL: storageUrl.optional(),
  SECRETS_KEY: secretsKey.optional(),
  CAN_CREATE_SANDBOX_MANIFESTS: bool.default(true),
  GOVERNMENT_CLOUD: bool.default(false),
  FORM_EXPERIENCE_FORCED: bool.default(false),
  /** The portal runs on the QA host: the rate-limit bucket page offers the Staging quota-minder only. */
  QA_HOST: bool.default(false),
  /** The Bearer token the platform sends with its events (POST /api/v1/platform/events); unset: refused. */
  PLATFORM_EVENTS_SECRET: z.string().min(16, { message: "must be at least 16 characters" }).optional()
});
var ConfigError = class extends Error {
};
function loadConfig(source = process.env) {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== void 0 && value !== "")
  );
  const parsed = environment.safeParse(present);
  if (!parsed.success) {
    const lines2 = parsed.error.issues.map((issue2) => `  ${issue2.path.join(".")}: ${issue2.message}`);
    throw new ConfigError(`Invalid configuration:
${lines2.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.TRUST_PROXY && e.PUBLIC_URL?.startsWith("https:")) {
    throw new ConfigError(
      "Invalid configuration:\n  TRUST_PROXY: must be true in production when PUBLIC_URL is https \u2014 the portal serves plain HTTP behind a TLS proxy, and without trusting its X-Forwarded-* headers session cookies are not marked Secure and every user shares the proxy address for sign-in throttling."
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    scryptLogN: e.SCRYPT_LOG_N,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginIpMaxFailures: e.LOGIN_IP_MAX_FAILURES,
    loginAccountMaxFailures: e.LOGIN_ACCOUNT_MAX_FAILURES,
    mailMaxPerAddressHour: e.MAIL_MAX_PER_ADDRESS_HOUR,
    mailMaxPerClientHour: e.MAIL_MAX_PER_CLIENT_HOUR,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    securityAndComplianceEnabled: e.SECURITY_AND_COMPLIANCE_ENABLED,
    listingApplication: {
      enabled: e.LISTING_APPLICATION_ENABLED,
      existingPartnerFormUrl: e.LISTING_EXISTING_PARTNER_FORM_URL ?? null,
      newPartnerFormUrl: e.LISTING_NEW_PARTNER_FORM_URL ?? null,
      partnerProgramsEmail: e.PARTNER_PROGRAMS_EMAIL ?? null
    },
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL("../../web/dist", import.meta.url).pathname),
    storage: e.STORAGE_URL ?? { kind: "local", directory: path.join(path.resolve(e.DATA_DIR), "files") },
    sandboxProvisionDelayMs: e.SANDBOX_PROVISION_DELAY_MS,
    sandboxProvisionOutcome: e.SANDBOX_PROVISION_OUTCOME,
    invitationTtlDays: e.INVITATION_TTL_DAYS,
    secretsKey: e.SECRETS_KEY,
    canCreateSandboxManifests: e.CAN_CREATE_SANDBOX_MANIFESTS,
    governmentCloud: e.GOVERNMENT_CLOUD,
    formExperienceForced: e.FORM_EXPERIENCE_FORCED,
    qaHost: e.QA_HOST,
    platformEventsSecret: e.PLATFORM_EVENTS_SECRET
  };
}

// apps/server/src/http/request-log.ts
import {
  LogController
} from "fastify";
var SECRET_PARAMETER = /token|password|secret|code|key|signature|session|credential/i;
function loggableUrl(url2) {
  const start = url2.indexOf("?");
  if (start === -1) return url2;
  const parts = url2.slice(start + 1).split("&").map((part) => {
    const equals = part.indexOf("=");
    const rawKey = equals === -1 ? part : part.slice(0, equals);
    let key = rawKey;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, " "));
    } catch {
    }
    return equals !== -1 && SECRET_PARAMETER.test(key) ? `${rawKey}=[redacted]` : part;
  });
  return `${url2.slice(0, start)}?${parts.join("&")}`;
}
function enabled(logger, level) {
  const { isLevelEnabled } = logger;
  return isLevelEnabled ? isLevelEnabled.call(logger, level) : true;
}
var LazyChildLogger = class {
  #parent;
  #bindings;
  #child;
  constructor(parent, bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }
  get level() {
    return (this.#child ?? this.#parent).level;
  }
  set level(level) {
    this.#logger().level = level;
  }
  #logger() {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }
  #log(method, args) {
    if (!this.#child && !enabled(this.#parent, method)) return;
    this.#logger()[method](...args);
  }
  isLevelEnabled(level) {
    return enabled(this.#child ?? this.#parent, level);
  }
  fatal(...args) {
    this.#log("fatal", args);
  }
  error(...args) {
    this.#log("error", args);
  }
  warn(...args) {
    this.#log("warn", args);
  }
  info(...args) {
    this.#log("info", args);
  }
  debug(...args) {
    this.#log("debug", args);
  }
  trace(...args) {
    this.#log("trace", args);
  }
  silent() {
  }
  child(bindings, options) {
    return this.#logger().child(bindings, options);
  }
};
function lazyChildLoggerFactory(logger, bindings, options) {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings);
}
var RequestLogController = class extends LogController {
  incomingRequest() {
  }
  requestCompleted(error, request, reply) {
    const log = request.server.log;
    const level = error ? "error" : "info";
    if (!enabled(log, level)) return;
    log[level](
      {
        reqId: request.id,
        method: request.method,
        url: loggableUrl(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        ...error ? { err: error } : {}
      },
      error ? "request errored" : "request"
    );
  }
};

// apps/server/src/http/logging.ts
function loggerOptions(level, stream) {
  return {
    level,
    ...stream ? { stream } : {},
    serializers: {
      req: (request) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.headers?.host,
        remoteAddress: request.ip
      })
    }
  };
}

// apps/server/src/app.ts
import { existsSync } from "node:fs";
import path2 from "node:path";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import Fastify from "fastify";
import { jsonSchemaTransform, serializerCompiler } from "fastify-type-provider-zod";
import qs2 from "qs";

// apps/server/src/http/compression.ts
import compress from "@fastify/compress";
var COMPRESS_THRESHOLD_BYTES = 1024;
var COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/;
async function registerCompression(app) {
  app.addHook("onRoute", (route2) => {
    if (route2.compress === void 0 && !route2.url.startsWith("/api/")) route2.compress = false;
  });
  await app.register(compress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    // Request bodies stay uncompressed: a compressed upload would slip past the body limit's intent.
    globalDecompression: false
  });
}

// packages/shared/src/admin-apps.ts
import { z as z6 } from "zod";

// packages/shared/src/developer-apps.ts
import { z as z5 } from "zod";

// packages/shared/src/fields.ts
import { z as z2 } from "zod";

// packages/shared/src/limits.ts
var LIMITS = {
  name: 120,
  companyName: 160,
  email: 254,
  passwordMin: 12,
  // scrypt hashes any length, but an unbounded password is a denial-of-service lever.
  passwordMax: 256,
  token: 200
};
var CLIENT_ERROR_LIMITS = { message: 1e3, stack: 8e3, url: 2e3, userAgent: 500 };

// packages/shared/src/fields.ts
var CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
var CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
function isCleanText(value, multiline = false) {
  return !(multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value) && value.isWellFormed();
}
var clean = (multiline) => [
  (value) => isCleanText(value, multiline),
  { message: "must not contain control characters", params: { code: "control_characters" } }
];
function requiredText({ max, multiline = false }) {
  return z2.string().trim().min(1, { message: "can't be blank" }).max(max, { message: `must be at most ${max} characters` }).refine(...clean(multiline));
}
function optionalText({ max, multiline = false }) {
  return z2.string().trim().max(max, { message: `must be at most ${max} characters` }).refine(...clean(multiline));
}
function rawText(max) {
  return z2.string().max(max, { message: `must be at most ${max} characters` }).refine(...clean(false));
}
var emailAddress = z2.string().trim().min(1, { message: "can't be blank" }).max(LIMITS.email, { message: `must be at most ${LIMITS.email} characters` }).pipe(z2.email({ message: "is not a valid e-mail address" })).transform((value) => value.toLowerCase());
var newPassword = z2.string().min(LIMITS.passwordMin, { message: `must be at least ${LIMITS.passwordMin} characters` }).max(LIMITS.passwordMax, { message: `must be at most ${LIMITS.passwordMax} characters` }).refine(...clean(false));
function isCalendarDate(value) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith("0000")) return false;
  const date = /* @__PURE__ */ new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
var optionalDate = z2.union([z2.string(), z2.null()]).transform((value) => value === null || value.trim() === "" ? null : value.trim()).refine((value) => value === null || isCalendarDate(value), {
  message: "must be a real date written YYYY-MM-DD",
  params: { code: "invalid_date" }
});

// packages/shared/src/manifests/types.ts
import { z as z3 } from "zod";

// packages/shared/src/manifests/limits.ts
var MANIFEST_LIMITS = {
  /** A manifest's JSON text, in characters (a 5 MB manifest is refused). */
  contentChars: 512 * 1024,
  /** How deep a manifest's JSON may nest (a parser bomb is refused before validation). */
  depth: 32,
  semanticVersion: 32,
  changelog: 5e3,
  notes: 5e3,
  description: 1e3,
  url: 2e3,
  name: 120,
  parameterKey: 64,
  parameters: 50,
  views: 100,
  /** Errors reported for one manifest; the rest are counted in the last message. */
  errors: 100
};
var SCHEMA_VERSIONS = ["3", "3.2", "4.1"];
var TEMPLATE_VERSIONS = ["3", "4.1"];
var INVALID_JSON_MESSAGE = "Invalid JSON, could not parse manifest";

// packages/shared/src/manifests/permissions.ts
var PERMISSION_LEVELS = [
  { id: 1, name: "none", label: "None" },
  { id: 2, name: "readonly", label: "Read-only" },
  { id: 3, name: "standard", label: "Standard" },
  { id: 4, name: "admin", label: "Admin" }
];
var MANIFEST_PERMISSION_LEVELS = ["readonly", "standard", "admin"];
var ADMIN_ONLY = [2, 3];
var tool = (name, friendly_name, disabled_uals = []) => ({
  name,
  friendly_name,
  disabled_uals
});
var PERMISSION_CATALOGUE = {
  company: [
    tool("admin", "Admin", ADMIN_ONLY),
    tool("app_management", "App Management"),
    tool("bid_board", "Bid Board"),
    tool("calendar", "Calendar"),
    tool("checklists", "Checklists"),
    tool("concierge", "Concierge"),
    tool("connection_manager", "Connection Manager"),
    tool("cost_catalog", "Cost Catalog"),
    tool("directory", "Directory"),
    tool("documents", "Documents"),
    tool("erp_integrations", "ERP Integrations"),
    tool("equipment", "Equipment"),
    tool("home", "Home"),
    tool("inspections", "Inspections"),
    tool("permissions", "Permissions"),
    tool("planroom", "Planroom"),
    tool("portfolio", "Portfolio"),
    tool("reports", "Reports"),
    tool("schedule", "Schedule"),
    tool("timecard", "Timecard"),
    tool("timesheets", "Timesheets")
  ],
  project: [
    tool("admin", "Admin", ADMIN_ONLY),
    tool("bidding", "Bidding"),
    tool("budgeting", "Budget"),
    tool("change_events", "Change Events"),
    tool("change_orders", "Change Orders"),
    tool("commitments", "Commitments"),
    tool("coordination_issues", "Coordination Issues"),
    tool("correspondence", "Correspondence"),
    tool("daily_log", "Daily Log"),
    tool("direct_costs", "Direct Costs"),
    tool("directory", "Directory"),
    tool("documents", "Documents"),
    tool("drawings", "Drawings"),
    tool("emails", "Emails"),
    tool("forms", "Forms"),
    tool("home", "Home"),
    tool("incidents", "Incidents"),
    tool("inspections", "Inspections"),
    tool("meetings", "Meetings"),
    tool("observations", "Observations"),
    tool("photos", "Photos"),
    tool("prime_contracts", "Prime Contracts"),
    tool("punch_list", "Punch List"),
    tool("reports", "Reports"),
    tool("rfi", "RFIs"),
    tool("schedule", "Schedule"),
    tool("specifications", "Specifications"),
    tool("submittals", "Submittals"),
    tool("tasks", "Tasks"),
    tool("transmittals", "Transmittals")
  ]
};
function findTool(scope, name, catalogue = PERMISSION_CATALOGUE) {
  return catalogue[scope].find((t) => t.name === name);
}
function allowedLevels(toolEntry) {
  return PERMISSION_LEVELS.filter((l) => !toolEntry.disabled_uals.includes(l.id)).map((l) => l.name);
}
function permissionProblem(scope, name, level, catalogue = PERMISSION_CATALOGUE) {
  const entry = findTool(scope, name, catalogue);
  if (!entry) return `unknown ${scope} tool "${name}"`;
  if (!MANIFEST_PERMISSION_LEVELS.includes(level)) {
    return `level "${level}" is not one of ${MANIFEST_PERMISSION_LEVELS.join(", ")}`;
  }
  if (!allowedLevels(entry).includes(level)) {
    return `level "${level}" is not allowed for the ${scope} tool "${entry.friendly_name}" (allowed: ${allowedLevels(
      entry
    ).filter((l) => l !== "none").join(", ")})`;
  }
  return null;
}

// packages/shared/src/manifests/semver.ts
var SEMVER = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/;
function parseSemver(text5) {
  const match = SEMVER.exec(text5.trim());
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}
function isSemver(text5) {
  return parseSemver(text5) !== null;
}
function compareSemver(a, b) {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) return (x ? 1 : 0) - (y ? 1 : 0);
  return x.major - y.major || x.minor - y.minor || x.patch - y.patch;
}

// packages/shared/src/manifests/status.ts
var VERSION_STATES = ["draft", "confidential", "in_review", "published"];
var ENVIRONMENT_TYPES = ["Sandbox", "ProductionEnvironment"];
var REVIEW_ACTORS = {
  submit: "developer",
  withdraw: "developer",
  reject: "platform_admin",
  approve: "platform_admin"
};

// packages/shared/src/manifests/types.ts
var environmentType = z3.enum(ENVIRONMENT_TYPES, {
  message: "must be Sandbox or ProductionEnvironment"
});
var versionState = z3.enum(VERSION_STATES);
var text = (max) => z3.string().max(max, { message: `must be at most ${max} characters` });
var configuredParameter = z3.strictObject({
  name: text(MANIFEST_LIMITS.name),
  type: z3.literal("string").default("string"),
  description: text(MANIFEST_LIMITS.description),
  support_link: z3.strictObject({ url: text(MANIFEST_LIMITS.url), label: text(MANIFEST_LIMITS.name) }).optional()
});
var configurationSchema = z3.strictObject({
  type: z3.literal("object").default("object"),
  properties: z3.record(text(MANIFEST_LIMITS.parameterKey), configuredParameter).refine((p) => Object.keys(p).length <= MANIFEST_LIMITS.parameters, { message: `at most ${MANIFEST_LIMITS.parameters} parameters` }).default({}),
  required: z3.array(text(MANIFEST_LIMITS.parameterKey)).max(MANIFEST_LIMITS.parameters).default([])
});
var configuredComponent = z3.strictObject({
  type: z3.enum(["sidepanel", "fullscreen"], { message: "required" }),
  source_url: text(MANIFEST_LIMITS.url),
  views: z3.array(text(200)).max(MANIFEST_LIMITS.views).optional(),
  description: text(MANIFEST_LIMITS.description).optional(),
  uuid: text(64).optional(),
  user_configuration: z3.strictObject({ schema: configurationSchema }).optional()
});
var levels = z3.record(text(64), z3.enum(MANIFEST_PERMISSION_LEVELS));
var configuredManifestContent = z3.strictObject({
  sidepanel: configuredComponent.nullable().optional(),
  fullscreen: configuredComponent.nullable().optional(),
  permissions: z3.strictObject({ company: levels.optional(), project: levels.optional() }).nullable().optional(),
  post_installation_instruction: z3.strictObject({
    notes: text(MANIFEST_LIMITS.notes).nullable().optional(),
    page: z3.strictObject({ label: text(MANIFEST_LIMITS.name).nullable().optional(), url: text(MANIFEST_LIMITS.url).nullable().optional() }).nullable().optional()
  }).nullable().optional(),
  /** "User Level Authentication" (the auth-code checkbox). */
  auth_code_enabled: z3.boolean().optional(),
  /** "Service Account Authentication": shows the permissions grid; without it permissions are dropped. */
  service_account_enabled: z3.boolean().optional()
});
var manifestContent = z3.record(z3.string(), z3.unknown());
var manifestError = z3.object({
  message: z3.string(),
  pointer: z3.string(),
  line: z3.number().int(),
  column: z3.number().int()
});
var versionFields = {
  id: z3.number().int(),
  /** The app version this manifest belongs to (one record here: equal to id). */
  app_version_id: z3.number().int(),
  developer_app_id: z3.number().int(),
  semantic_version: z3.string(),
  state: versionState,
  environment_type: environmentType,
  /** The installation key a company uses to install exactly this version. */
  app_version_key: z3.string(),
  schema_version: z3.string(),
  auth_code_enabled: z3.boolean(),
  changelog: z3.string().nullable(),
  /** Production: may be submitted for review now. */
  submittable: z3.boolean(),
  /** Sandbox: may be promoted to production now (not yet promoted, newer than the latest production). */
  promotable: z3.boolean(),
  published_to_marketplace: z3.boolean(),
  /** The sandbox version a production version was promoted from. */
  source_app_version_id: z3.number().int().nullable(),
  developer_notes: z3.string().nullable(),
  admin_notes: z3.string().nullable(),
  created_at: z3.string()
};
var manifestSummary = z3.object(versionFields);
var manifestResponse = z3.object({
  ...versionFields,
  content: manifestContent,
  /** The builder's form of the content; null when the builder cannot show it (see canShowInBuilder). */
  configured_manifest_content: configuredManifestContent.nullable()
});

// packages/shared/src/uploads.ts
import { z as z4 } from "zod";
var UPLOAD_MARK = /* @__PURE__ */ Symbol.for("lintel.upload");
var UPLOAD_HEAD_BYTES = 512 * 1024;
function isUploadedFile(value) {
  return typeof value === "object" && value !== null && value[UPLOAD_MARK] === true;
}
var uploadedFile = z4.custom(isUploadedFile, { message: "must be a file" });

// packages/shared/src/developer-apps.ts
var collaboratorRole = z5.enum(["owner", "admin", "developer"]);
var invitationRole = z5.enum(["developer", "admin"], { message: "must be developer or admin" });
var DEVELOPER_APP_LIMITS = {
  internalName: 120,
  name: 120,
  redirectUris: 20,
  redirectUri: 2e3,
  thumbnailBytes: 2 * 1024 * 1024
};
var THUMBNAIL_TYPES = ["image/jpeg", "image/png"];
var THUMBNAIL_MIN_SIDE = 200;
var THUMBNAIL_RULE = `must be a square JPEG or PNG image larger than ${THUMBNAIL_MIN_SIDE}\xD7${THUMBNAIL_MIN_SIDE} pixels`;
function isThumbnailSize(size) {
  return size.width === size.height && size.width > THUMBNAIL_MIN_SIDE;
}
var appPermissions = z5.object({
  canEdit: z5.boolean(),
  canModifyCredentials: z5.boolean(),
  canViewClientCredentials: z5.boolean(),
  canModifyManifests: z5.boolean(),
  canCreateSandboxManifests: z5.boolean(),
  canSetSemanticVersions: z5.boolean(),
  canGenerateFakeSandbox: z5.boolean(),
  canSubmitMarketplaceApp: z5.boolean(),
  canDestroy: z5.boolean(),
  /** Not a spec flag: managing collaborators and invitations (updatePermissions in the matrix). */
  canManageCollaborators: z5.boolean(),
  /** Not a spec flag: only the owner may hand the app over. */
  canTransferOwnership: z5.boolean()
});
function permissionsFor(role, actor) {
  const manage = role === "owner" || role === "admin";
  const view = role !== null || actor.is_admin;
  return {
    canEdit: manage,
    canModifyCredentials: manage,
    canViewClientCredentials: view,
    canModifyManifests: manage,
    canCreateSandboxManifests: manage,
    canSetSemanticVersions: manage,
    canGenerateFakeSandbox: actor.is_admin || actor.is_employee,
    canSubmitMarketplaceApp: manage,
    canDestroy: role === "owner",
    canManageCollaborators: manage,
    canTransferOwnership: role === "owner"
  };
}
var PERMISSION_MATRIX = [
  { action: "viewProdClientId", owner: true, admin: true, developer: true },
  { action: "viewSandboxCreds", owner: true, admin: true, developer: true },
  { action: "viewManifests", owner: true, admin: true, developer: true },
  { action: "editAppSettings", owner: true, admin: true, developer: false },
  { action: "editManifests", owner: true, admin: true, developer: false },
  { action: "submitListing", owner: true, admin: true, developer: false },
  { action: "resetSecrets", owner: true, admin: true, developer: false },
  { action: "updatePermissions", owner: true, admin: true, developer: false },
  { action: "deleteApp", owner: true, admin: false, developer: false }
];
var OOB_REDIRECT_URI = "urn:ietf:wg:oauth:2.0:oob";
function parseRedirectUris(text5) {
  const uris = [];
  const problems = [];
  text5.split(/\r?\n/).forEach((raw, index) => {
    const value = raw.trim();
    if (value === "") return;
    const problem = redirectUriProblem(value);
    if (problem) problems.push({ line: index + 1, value, ...problem });
    else if (!uris.includes(value)) uris.push(value);
  });
  if (uris.length > DEVELOPER_APP_LIMITS.redirectUris) {
    problems.push({
      line: 0,
      value: "",
      reason: "too_many",
      message: `at most ${DEVELOPER_APP_LIMITS.redirectUris} redirect URIs`
    });
  }
  return { uris, problems };
}
function redirectUriProblem(value) {
  if (value.length > DEVELOPER_APP_LIMITS.redirectUri) {
    return { reason: "too_long", message: `is longer than ${DEVELOPER_APP_LIMITS.redirectUri} characters` };
  }
  if (value === OOB_REDIRECT_URI) return null;
  let url2;
  try {
    url2 = new URL(value);
  } catch {
    return { reason: "invalid", message: "is not a valid URI" };
  }
  if (url2.protocol === "javascript:" || url2.protocol === "data:")
    return { reason: "scheme", message: `must not use the ${url2.protocol} scheme` };
  if (value.includes("#")) return { reason: "fragment", message: "must not contain a fragment (#)" };
  if (url2.username || url2.password)
    return { reason: "credentials", message: "must not contain a user name or password" };
  if (url2.protocol === "https:") return null;
  if (url2.protocol === "http:" && (url2.hostname === "localhost" || url2.hostname === "127.0.0.1")) return null;
  return {
    reason: "not_https",
    message: "must use https (http is allowed only for localhost and 127.0.0.1)"
  };
}
var sandboxStatus = z5.enum(["pending", "live", "failed"]);
var sandboxResponse = z5.object({
  id: z5.number().int(),
  status: sandboxStatus,
  live: z5.boolean(),
  /** The sandbox OAuth client id. */
  app_id: z5.string().nullable(),
  url: z5.string().nullable(),
  redirect_uri: z5.string(),
  company_id: z5.number().int().nullable(),
  confidential: z5.boolean(),
  /**
   * The sandbox client secret, on a live sandbox of a confidential app, for its collaborators and platform
   * administrators only (spec 2 "Sandbox card", viewSandboxCreds); absent otherwise.
   */
  app_secret: z5.string().optional(),
  created_at: z5.string(),
  updated_at: z5.string()
});
var productionAccess = z5.enum(["none", "production_pending", "granted"]);
var marketplaceAppSummary = z5.object({
  id: z5.number().int(),
  state: z5.enum(["draft", "in_review", "published"]),
  approval_state: z5.enum(["unreviewed", "approved", "rejected"]),
  admin_message: z5.string().nullable(),
  version: z5.number().int()
});
var developerAppResponse = z5.object({
  id: z5.number().int(),
  /** The production OAuth client id, once production access is granted. */
  uid: z5.string().nullable(),
  name: z5.string(),
  internal_name: z5.string(),
  owner: z5.object({ id: z5.number().int(), name: z5.string(), email: z5.string() }),
  confidential: z5.boolean(),
  production_access: productionAccess,
  /** Production redirect URIs, one per line. */
  redirect_uri: z5.string(),
  thumbnail_url: z5.string().nullable(),
  published_at: z5.string().nullable(),
  created_at: z5.string(),
  updated_at: z5.string(),
  deleted_at: z5.string().nullable(),
  current_user_role: collaboratorRole.nullable(),
  permissions: appPermissions,
  sandbox: sandboxResponse.nullable(),
  /**
   * Production credentials once issued: the client id, and whether its secret may still be revealed once
   * (spec 2 §4 "Client secret": show until revealed, reset after).
   */
  credentials: z5.object({ uid: z5.string(), revealable: z5.boolean() }).nullable(),
  /**
   * The newest sandbox and production versions (no documents), for the layout and the header status
   * (versionStatus of `@lintel/shared/manifests`); the lists come from GET /api/v1/manifests.
   */
  manifests: z5.object({
    latest_sandbox: manifestSummary.nullable(),
    latest_production: manifestSummary.nullable(),
    sandbox_count: z5.number().int(),
    production_count: z5.number().int()
  }),
  /** The newest listing submission, whatever its state (spec 3 §3). */
  last_marketplace_app: marketplaceAppSummary.nullable(),
  /** The listing customers see: the newest published submission. */
  published_app: marketplaceAppSummary.nullable(),
  /** The newest submission when it is not published yet (changes awaiting review), else null. */
  unpublished_app: marketplaceAppSummary.nullable(),
  /** Whether the app's listing may appear in the marketplace (platform administrators switch it). */
  marketplace_enabled: z5.boolean(),
  /** An integration contact exists (platform administrators add them): a published app needs one. */
  has_support_contact: z5.boolean()
});
var developerAppSummary = developerAppResponse.pick({
  id: true,
  name: true,
  internal_name: true,
  thumbnail_url: true,
  current_user_role: true,
  created_at: true
}).extend({ sandbox_status: sandboxStatus.nullable() });
var appName = (max) => requiredText({ max });
var redirectUris = optionalText({
  max: DEVELOPER_APP_LIMITS.redirectUris * (DEVELOPER_APP_LIMITS.redirectUri + 1),
  multiline: true
});
var createDeveloperAppRequest = z5.strictObject({
  internal_name: appName(DEVELOPER_APP_LIMITS.internalName)
});
var updateDeveloperAppRequest = z5.strictObject({
  developer_app: z5.strictObject({
    internal_name: appName(DEVELOPER_APP_LIMITS.internalName).optional(),
    name: appName(DEVELOPER_APP_LIMITS.name).optional(),
    confidential: z5.boolean().optional(),
    redirect_uri: redirectUris.optional(),
    /** Developers may only ask: 'production_pending'. Granting is the admin route's. */
    production_access: z5.literal("production_pending", { message: "can only be requested (production_pending)" }).optional(),
    remove_thumbnail: z5.boolean().optional(),
    /** Multipart only: the new logo (THUMBNAIL_TYPES, DEVELOPER_APP_LIMITS.thumbnailBytes). */
    thumbnail: uploadedFile.optional()
  })
});
var updateSandboxRequest = z5.strictObject({
  sandbox: z5.strictObject({
    redirect_uri: redirectUris
  })
});
var secretResponse = z5.object({ uid: z5.string(), app_secret: z5.string() });
var revealedSecretResponse = z5.object({ app_secret: z5.string() });

// packages/shared/src/admin-apps.ts
var ADMIN_APP_LIMITS = {
  corsDomains: 4e3,
  contactName: LIMITS.name
};
var integrationContactResponse = z6.object({
  id: z6.number().int(),
  name: z6.string(),
  email: z6.string(),
  created_at: z6.string()
});
var adminAppCollaborator = z6.object({
  id: z6.number().int(),
  user_id: z6.number().int(),
  name: z6.string(),
  email: z6.string(),
  role: collaboratorRole
});
var adminDeveloperAppResponse = developerAppResponse.extend({
  /** The public name of the app's newest listing submission (read-only on the General form). */
  listing_name: z6.string().nullable(),
  /** The legacy checkbox of the credentials section. */
  legacy: z6.boolean(),
  /** Allowed CORS domains, one per line. */
  allowed_cors_domains: z6.string(),
  /** The connectable checkbox of the credentials section. */
  connectable: z6.boolean(),
  /** Production credentials were generated at some time (else the page's notice). */
  has_production_credentials: z6.boolean(),
  /** The platform records another owner for this app than the portal (spec 1 §8). */
  owner_mismatch: z6.boolean(),
  contacts: z6.array(integrationContactResponse),
  collaborators: z6.array(adminAppCollaborator)
});
var appName2 = (max) => requiredText({ max });
var redirectUris2 = optionalText({
  max: DEVELOPER_APP_LIMITS.redirectUris * (DEVELOPER_APP_LIMITS.redirectUri + 1),
  multiline: true
});
var adminUpdateDeveloperAppRequest = z6.strictObject({
  developer_app: z6.strictObject({
    internal_name: appName2(DEVELOPER_APP_LIMITS.internalName).optional(),
    name: appName2(DEVELOPER_APP_LIMITS.name).optional(),
    redirect_uri: redirectUris2.optional(),
    legacy: z6.boolean().optional(),
    allowed_cors_domains: optionalText({ max: ADMIN_APP_LIMITS.corsDomains, multiline: true }).optional(),
    connectable: z6.boolean().optional(),
    production_access: productionAccess.optional(),
    deleted_at: z6.null().optional(),
    /** Lets the app's listing appear in the marketplace (spec 3 §6). */
    marketplace_enabled: z6.boolean().optional(),
    /** The Sandbox form (spec 1 §7 "sandbox_attributes"): the live sandbox's redirect URIs. */
    sandbox_attributes: z6.strictObject({ redirect_uri: redirectUris2 }).optional()
  })
});
var adminThumbnailRequest = z6.strictObject({
  developer_app: z6.strictObject({
    thumbnail: uploadedFile.optional(),
    remove_thumbnail: z6.boolean().optional()
  })
});
var changeOwnerRequest = z6.strictObject({
  owner: z6.strictObject({ email: emailAddress })
});
var createIntegrationContactRequest = z6.strictObject({
  contact: z6.strictObject({
    name: requiredText({ max: ADMIN_APP_LIMITS.contactName }),
    email: emailAddress
  })
});

// packages/shared/src/admin-lists.ts
import { z as z8 } from "zod";

// packages/shared/src/query.ts
import { z as z7 } from "zod";

// packages/shared/src/paging.ts
var DEFAULT_PER_PAGE = 50;
var MAX_PER_PAGE = 100;

// packages/shared/src/query.ts
var MAX_ID = 2147483647;
var id = z7.coerce.number().int().positive().max(MAX_ID, { message: `must be at most ${MAX_ID}` });
var idParams = z7.strictObject({ id });
var pageFields = {
  page: z7.coerce.number().int().min(1, { message: "must be at least 1" }).max(MAX_ID, { message: `must be at most ${MAX_ID}` }).default(1),
  per_page: z7.coerce.number().int().min(1, { message: "must be at least 1" }).max(MAX_PER_PAGE, { message: `must be at most ${MAX_PER_PAGE}` }).default(DEFAULT_PER_PAGE)
};
var pageQuery = z7.strictObject(pageFields);
function listQuery(sortKeys, filters) {
  const values = [...sortKeys, ...sortKeys.map((key) => `-${key}`)];
  const sortValue = z7.enum(values, {
    message: `must be one of ${sortKeys.join(", ")} (prefix - for descending)`
  });
  return z7.strictObject({
    ...pageFields,
    sort: z7.union([sortValue, z7.array(sortValue).max(5)]).optional().transform(
      (value) => value === void 0 ? [] : Array.isArray(value) ? value : [value]
    ),
    filters: filters.optional()
  });
}
var queryBoolean = z7.union([z7.boolean(), z7.enum(["true", "false", "1", "0"])]).transform((value) => value === true || value === "true" || value === "1");

// packages/shared/src/admin-lists.ts
var queuePlace = z8.object({
  position: z8.number().int().positive(),
  estimated_wait_hours: z8.number().nullable(),
  in_review_at: z8.string()
});
var reviewQueueResponse = z8.object({
  app_version: queuePlace.extend({ id: z8.number().int() }).nullable(),
  marketplace_listing: queuePlace.extend({ id: z8.number().int() }).nullable()
});
var listingReviewKind = z8.enum(["new", "update"]);
var adminDeveloperAppRow = z8.object({
  id: z8.number().int(),
  internal_name: z8.string(),
  name: z8.string(),
  owner: z8.object({ id: z8.number().int(), name: z8.string(), email: z8.string() }),
  /** The published marketplace app (the newest published listing), or null. */
  app_id: z8.number().int().nullable(),
  /** Whether that published listing is live in the marketplace (the list's live marker). */
  live: z8.boolean(),
  created_at: z8.string(),
  deleted_at: z8.string().nullable(),
  has_marketplace_listing_in_review: z8.boolean(),
  has_app_version_in_review: z8.boolean(),
  has_published_app: z8.boolean(),
  marketplace_listing_in_review_at: z8.string().nullable(),
  app_version_in_review_at: z8.string().nullable(),
  /** The later of the two review dates, or null. */
  in_review_at: z8.string().nullable(),
  /** For a listing in review: new or update; null when no listing is in review. */
  marketplace_listing_review_kind: listingReviewKind.nullable(),
  review_queue: reviewQueueResponse
});
var ADMIN_DEVELOPER_APP_SORT_KEYS = [
  "app_id",
  "internal_name",
  "owner",
  "created_at",
  "in_review_at",
  "deleted_at"
];
var adminDeveloperAppFilters = z8.strictObject({
  owner_id: z8.union([id, z8.array(id).max(50, { message: "must name at most 50 owners" })]).transform((value) => Array.isArray(value) ? value : [value]).optional(),
  search: optionalText({ max: 200 }).optional(),
  in_review: queryBoolean.optional(),
  with_deleted: queryBoolean.optional()
});
var adminDeveloperRow = z8.object({
  id: z8.number().int(),
  name: z8.string(),
  company_name: z8.string(),
  email: z8.string(),
  platform_id: z8.number().int().nullable()
});
var ADMIN_DEVELOPER_SORT_KEYS = ["name", "company_name", "email", "platform_id"];
var adminDeveloperFilters = z8.strictObject({
  search: optionalText({ max: 200 }).optional()
});
var adminDeveloperResponse = adminDeveloperRow.extend({
  confirmed: z8.boolean(),
  confirmed_at: z8.string().nullable(),
  is_admin: z8.boolean(),
  is_employee: z8.boolean(),
  created_at: z8.string(),
  updated_at: z8.string(),
  apps: z8.array(
    z8.object({
      id: z8.number().int(),
      internal_name: z8.string(),
      role: z8.enum(["owner", "admin", "developer"]),
      created_at: z8.string(),
      deleted_at: z8.string().nullable()
    })
  )
});
var updateAdminDeveloperRequest = z8.strictObject({
  developer: z8.strictObject({
    name: requiredText({ max: LIMITS.name }).optional(),
    company_name: requiredText({ max: LIMITS.companyName }).optional(),
    email: emailAddress.optional(),
    confirmed: z8.boolean().optional(),
    is_admin: z8.boolean().optional(),
    is_employee: z8.boolean().optional()
  })
});
var OAUTH_ENVIRONMENTS = ["production", "sandbox", "monthly_sandbox"];
var oauthEnvironment = z8.enum(OAUTH_ENVIRONMENTS, {
  message: `must be one of ${OAUTH_ENVIRONMENTS.join(", ")}`
});
var adminOAuthApplicationRow = z8.object({
  uid: z8.string(),
  name: z8.string(),
  environment: oauthEnvironment,
  /** The admin page of the associated developer app, or null. */
  href: z8.string().nullable(),
  developer_app: z8.object({ id: z8.number().int(), internal_name: z8.string() }).nullable(),
  owner_name: z8.string().nullable(),
  owner_email: z8.string().nullable(),
  created_at: z8.string()
});
var ADMIN_OAUTH_APPLICATION_SORT_KEYS = ["name", "uid"];
var adminOAuthApplicationFilters = z8.strictObject({
  name: optionalText({ max: 200 }).optional(),
  uid: optionalText({ max: 200 }).optional(),
  search: optionalText({ max: 200 }).optional()
});

// packages/shared/src/contract.ts
function endpoint(definition) {
  return { ...definition, key: `${definition.method} ${definition.path}` };
}
var COMMON_ERRORS = [
  "bad_request",
  "malformed_json",
  "payload_too_large",
  "unsupported_media_type",
  "too_many_requests",
  "internal_error",
  "service_unavailable"
];
function errorCodesOf(definition) {
  const codes = /* @__PURE__ */ new Set([...COMMON_ERRORS, ...definition.errors]);
  if (definition.auth === "user") codes.add("unauthenticated");
  if (definition.method !== "GET") codes.add("csrf_invalid");
  if (definition.params || definition.query || definition.body || definition.files) {
    codes.add("validation_failed");
  }
  if (definition.params) codes.add("not_found");
  return [...codes];
}

// packages/shared/src/api/admin-apps.ts
var tags = ["Admin"];
var adminDeveloperAppEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/v1/admin/developer_apps/:id",
    summary: "One app, deleted or not, with its owner, contacts, collaborators and platform checks (admins)",
    tags,
    auth: "user",
    params: idParams,
    response: adminDeveloperAppResponse,
    errors: ["forbidden", "not_found"]
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/developer_apps/:id",
    summary: "Save the General form, grant production access, or undelete (deleted_at null) (admins)",
    tags,
    auth: "user",
    params: idParams,
    body: adminUpdateDeveloperAppRequest,
    response: adminDeveloperAppResponse,
    errors: ["forbidden", "not_found", "conflict"]
  }),
  thumbnail: endpoint({
    method: "PUT",
    path: "/api/v1/admin/developer_apps/:id",
    summary: "Upload the logo (multipart developer_app[thumbnail]) or remove it (remove_thumbnail) (admins)",
    tags,
    auth: "user",
    params: idParams,
    body: adminThumbnailRequest,
    files: {
      "developer_app[thumbnail]": { maxBytes: DEVELOPER_APP_LIMITS.thumbnailBytes, accept: THUMBNAIL_TYPES }
    },
    response: adminDeveloperAppResponse,
    errors: ["forbidden", "not_found"]
  }),
  changeOwner: endpoint({
    method: "POST",
    path: "/api/v1/admin/developer_apps/:id/owner",
    summary: "Hand the app to another confirmed developer; the old owner becomes admin (admins)",
    tags,
    auth: "user",
    params: idParams,
    body: changeOwnerRequest,
    response: adminDeveloperAppResponse,
    errors: ["forbidden", "not_found"]
  }),
  createContact: endpoint({
    method: "POST",
    path: "/api/v1/admin/developer_apps/:id/contacts",
    summary: "Add an integration contact to the app (admins)",
    tags,
    auth: "user",
    params: idParams,
    body: createIntegrationContactRequest,
    status: 201,
    response: integrationContactResponse,
    errors: ["forbidden", "not_found"]
  })
};

// packages/shared/src/api/admin-lists.ts
import { z as z9 } from "zod";
var tags2 = ["Admin"];
var adminListEndpoints = {
  developerApps: endpoint({
    method: "GET",
    path: "/api/v1/admin/developer_apps",
    summary: "Every developer app, with its review-queue fields (admins)",
    tags: tags2,
    auth: "user",
    query: listQuery(ADMIN_DEVELOPER_APP_SORT_KEYS, adminDeveloperAppFilters),
    kind: "list",
    response: z9.array(adminDeveloperAppRow),
    errors: ["forbidden"]
  }),
  developers: endpoint({
    method: "GET",
    path: "/api/v1/admin/developers",
    summary: "Registered developers (admins); the owner picker searches it by e-mail",
    tags: tags2,
    auth: "user",
    query: listQuery(ADMIN_DEVELOPER_SORT_KEYS, adminDeveloperFilters),
    kind: "list",
    response: z9.array(adminDeveloperRow),
    errors: ["forbidden"]
  }),
  developer: endpoint({
    method: "GET",
    path: "/api/v1/admin/developers/:id",
    summary: "One developer with their apps (admins)",
    tags: tags2,
    auth: "user",
    params: idParams,
    response: adminDeveloperResponse,
    errors: ["forbidden", "not_found"]
  }),
  updateDeveloper: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/developers/:id",
    summary: "Change a developer: name, company, e-mail, confirmed, administrator and employee flags (admins)",
    tags: tags2,
    auth: "user",
    params: idParams,
    body: updateAdminDeveloperRequest,
    response: adminDeveloperResponse,
    errors: ["forbidden", "not_found"]
  }),
  oauthApplications: endpoint({
    method: "GET",
    path: "/api/v1/admin/oauth_applications",
    summary: "OAuth applications of one platform environment (admins)",
    tags: tags2,
    auth: "user",
    query: listQuery(ADMIN_OAUTH_APPLICATION_SORT_KEYS, adminOAuthApplicationFilters).extend({
      environment: oauthEnvironment.default("production")
    }),
    kind: "list",
    response: z9.array(adminOAuthApplicationRow),
    errors: ["forbidden"]
  })
};
var reviewQueueEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/v1/developer_apps/:id/review_queue",
    summary: "The app's version and listing in review: place in the queue and estimated wait",
    tags: ["Developer apps"],
    auth: "user",
    params: idParams,
    response: reviewQueueResponse,
    errors: ["not_found"]
  })
};

// packages/shared/src/api/audit.ts
import { z as z11 } from "zod";

// packages/shared/src/audit.ts
import { z as z10 } from "zod";
var AUDIT_ACTIONS = [
  "developer_app.owner_changed",
  "developer_app.undeleted",
  "developer_app.updated",
  "developer_app.production_access_granted",
  "developer_app.production_access_revoked",
  "app_version.approved",
  "app_version.rejected",
  "marketplace_listing.approved",
  "marketplace_listing.rejected",
  "rate_limit_bucket.created",
  "rate_limit_bucket.updated",
  "rate_limit_bucket.deleted",
  "notification.created",
  "notification.updated",
  "notification.deleted",
  "developer.updated",
  "oauth_application.secret_reset"
];
var auditAction = z10.enum(AUDIT_ACTIONS);
var auditTime = z10.string().trim().refine((value) => isCalendarDate(value) || z10.iso.datetime({ offset: true }).safeParse(value).success, {
  message: "must be a date (YYYY-MM-DD) or an ISO-8601 date-time",
  params: { code: "invalid_date" }
});
function auditTimeStart(value) {
  return new Date(isCalendarDate(value) ? `${value}T00:00:00Z` : value);
}
function auditTimeEnd(value) {
  if (isCalendarDate(value)) return new Date(Date.parse(`${value}T00:00:00Z`) + 864e5);
  return new Date(Date.parse(value) + 1);
}
var auditEventFilters = z10.strictObject({
  actor_id: id.optional(),
  developer_app_id: id.optional(),
  action: auditAction.optional(),
  from: auditTime.optional(),
  to: auditTime.optional()
}).superRefine((filters, context) => {
  if (filters.from && filters.to && auditTimeEnd(filters.to) <= auditTimeStart(filters.from)) {
    context.addIssue({
      code: "custom",
      path: ["to"],
      message: "must not be before from",
      params: { code: "invalid_date" }
    });
  }
});
var AUDIT_EVENT_SORT_KEYS = ["created_at"];
var auditActorResponse = z10.object({ id: z10.number().int(), name: z10.string(), email: z10.string() });
var auditEventResponse = z10.object({
  id: z10.number().int(),
  action: z10.string(),
  /** Null once the acting user is gone. */
  actor: auditActorResponse.nullable(),
  subject_type: z10.string(),
  subject_id: z10.string(),
  developer_app_id: z10.number().int().nullable(),
  changes: z10.object({
    before: z10.record(z10.string(), z10.unknown()),
    after: z10.record(z10.string(), z10.unknown())
  }),
  client_address: z10.string().nullable(),
  created_at: z10.string()
});
var auditActorQuery = z10.strictObject({ search: optionalText({ max: 254 }).optional() });

// packages/shared/src/api/audit.ts
var tags3 = ["Admin"];
var auditEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/audit_events",
    summary: "Audit events, newest first (admins)",
    tags: tags3,
    auth: "user",
    query: listQuery(AUDIT_EVENT_SORT_KEYS, auditEventFilters),
    kind: "list",
    response: z11.array(auditEventResponse),
    errors: ["forbidden"]
  }),
  actors: endpoint({
    method: "GET",
    path: "/api/v1/admin/audit_events/actors",
    summary: "Users who made audited changes, by e-mail (the actor filter; admins)",
    tags: tags3,
    auth: "user",
    query: auditActorQuery,
    response: z11.array(auditActorResponse),
    errors: ["forbidden"]
  })
};

// packages/shared/src/auth.ts
import { z as z12 } from "zod";
var token = rawText(LIMITS.token).min(1, { message: "can't be blank" });
var registrationRequest = z12.strictObject({
  name: requiredText({ max: LIMITS.name }),
  company_name: requiredText({ max: LIMITS.companyName }),
  email: emailAddress,
  password: newPassword
});
var tokenRequest = z12.strictObject({ token });
var emailRequest = z12.strictObject({ email: emailAddress });
var sessionRequest = z12.strictObject({
  email: rawText(LIMITS.email).trim().transform((value) => value.toLowerCase()),
  password: rawText(LIMITS.passwordMax)
});
var userResponse = z12.object({
  id: z12.number().int(),
  name: z12.string(),
  company_name: z12.string(),
  email: z12.string(),
  is_admin: z12.boolean(),
  is_employee: z12.boolean(),
  critical_emails: z12.boolean(),
  confirmed_at: z12.string().nullable(),
  created_at: z12.string()
});
var sessionFeatures = z12.object({
  can_create_sandbox_manifests: z12.boolean(),
  government_cloud: z12.boolean(),
  form_experience_forced: z12.boolean(),
  /** SECURITY_AND_COMPLIANCE_ENABLED: the listing's Security and Compliance tab (spec 3 §2). */
  security_and_compliance_enabled: z12.boolean(),
  /**
   * The listing application (spec 3 §1 "Listing activation"): on, an app whose marketplace is not enabled
   * offers the partner forms (already a partner / not yet a partner) and the partner-programs contact.
   */
  listing_application: z12.object({
    enabled: z12.boolean(),
    existing_partner_form_url: z12.string().nullable(),
    new_partner_form_url: z12.string().nullable(),
    partner_programs_email: z12.string().nullable()
  })
});
var sessionResponse = z12.object({
  user: userResponse,
  csrf_token: z12.string(),
  /** The API support address (server setting SUPPORT_EMAIL), named where credentials fail (spec 2 §8). */
  support_email: z12.string(),
  features: sessionFeatures
});
var passwordResetUpdateRequest = z12.strictObject({ token, password: newPassword });
var accountUpdateRequest = z12.strictObject({
  name: requiredText({ max: LIMITS.name }).optional(),
  company_name: requiredText({ max: LIMITS.companyName }).optional(),
  critical_emails: z12.boolean().optional(),
  current_password: rawText(LIMITS.passwordMax).optional(),
  password: newPassword.optional()
}).refine((body) => body.password === void 0 || (body.current_password ?? "") !== "", {
  message: "can't be blank when changing the password",
  path: ["current_password"],
  params: { code: "required" }
});
var acknowledgement = z12.object({ message: z12.string() });

// packages/shared/src/api/auth.ts
var tags4 = ["Accounts"];
var authEndpoints = {
  register: endpoint({
    method: "POST",
    path: "/api/v1/registrations",
    summary: "Sign up; a confirmation e-mail follows",
    tags: tags4,
    auth: "public",
    body: registrationRequest,
    status: 201,
    response: acknowledgement,
    errors: []
  }),
  confirm: endpoint({
    method: "POST",
    path: "/api/v1/registrations/confirmation",
    summary: "Confirm an e-mail address",
    tags: tags4,
    auth: "public",
    body: tokenRequest,
    response: acknowledgement,
    errors: ["invalid_token"]
  }),
  resendConfirmation: endpoint({
    method: "POST",
    path: "/api/v1/registrations/confirmation/resend",
    summary: "Send a new confirmation e-mail",
    tags: tags4,
    auth: "public",
    body: emailRequest,
    status: 202,
    response: acknowledgement,
    errors: []
  }),
  getSession: endpoint({
    method: "GET",
    path: "/api/v1/session",
    summary: "The current session",
    tags: tags4,
    auth: "user",
    response: sessionResponse,
    errors: []
  }),
  signIn: endpoint({
    method: "POST",
    path: "/api/v1/session",
    summary: "Sign in",
    tags: tags4,
    auth: "public",
    body: sessionRequest,
    response: sessionResponse,
    errors: ["invalid_credentials", "email_not_confirmed", "too_many_attempts"]
  }),
  signOut: endpoint({
    method: "DELETE",
    path: "/api/v1/session",
    summary: "Sign out",
    tags: tags4,
    auth: "user",
    status: 204,
    errors: []
  }),
  requestPasswordReset: endpoint({
    method: "POST",
    path: "/api/v1/password_resets",
    summary: "E-mail a password reset link",
    tags: tags4,
    auth: "public",
    body: emailRequest,
    status: 202,
    response: acknowledgement,
    errors: []
  }),
  resetPassword: endpoint({
    method: "PATCH",
    path: "/api/v1/password_resets",
    summary: "Set a new password with a reset token",
    tags: tags4,
    auth: "public",
    body: passwordResetUpdateRequest,
    response: acknowledgement,
    errors: ["invalid_token"]
  }),
  getAccount: endpoint({
    method: "GET",
    path: "/api/v1/account",
    summary: "Your account",
    tags: tags4,
    auth: "user",
    response: userResponse,
    errors: []
  }),
  updateAccount: endpoint({
    method: "PATCH",
    path: "/api/v1/account",
    summary: "Change your account",
    tags: tags4,
    auth: "user",
    body: accountUpdateRequest,
    response: userResponse,
    // Guessing current_password is throttled as signing in is.
    errors: ["too_many_attempts"]
  })
};

// packages/shared/src/api/changelog.ts
import { z as z14 } from "zod";

// packages/shared/src/changelog.ts
import { z as z13 } from "zod";
var CHANGELOG_TYPES = [
  "breaking",
  "deprecated",
  "feature",
  "fix",
  "new",
  "refinement",
  "sunset"
];
var changelogType = z13.enum(CHANGELOG_TYPES, {
  message: `must be one of ${CHANGELOG_TYPES.join(", ")}`
});
var CHANGELOG_LIMITS = {
  summary: 300,
  description: 2e4,
  endpoint: 300,
  versions: 100,
  link: 2e3,
  branch: 100,
  search: 200
};
var CHANGELOG_ENDPOINT_PATTERN = /^(GET|POST|PUT|PATCH|DELETE) \/\S*$/;
var DOCUMENTATION_BRANCH_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
var nullable = (schema) => z13.union([schema, z13.null()]).transform((value) => value === null || value === "" ? null : value).optional().transform((value) => value ?? null);
var endpointText = optionalText({ max: CHANGELOG_LIMITS.endpoint }).refine(
  (value) => value === "" || CHANGELOG_ENDPOINT_PATTERN.test(value),
  {
    message: "must be an HTTP method and a path, e.g. GET /rest/v1.0/projects",
    params: { code: "invalid_format" }
  }
);
var linkText = optionalText({ max: CHANGELOG_LIMITS.link }).refine(
  (value) => value === "" || /^https?:\/\/[^\s/]+\S*$/i.test(value),
  { message: "must be an http(s) URL", params: { code: "invalid_url" } }
);
var branchText = z13.string().trim().max(CHANGELOG_LIMITS.branch, { message: `must be at most ${CHANGELOG_LIMITS.branch} characters` }).refine((value) => value === "" || DOCUMENTATION_BRANCH_PATTERN.test(value), {
  message: 'must be letters, digits, ".", "_", "-" or "/"',
  params: { code: "invalid_format" }
});
var datestamp = z13.string().trim().min(1, { message: "can't be blank" }).refine(isCalendarDate, {
  message: "must be a real date written YYYY-MM-DD",
  params: { code: "invalid_date" }
});
var entryFields = {
  summary: requiredText({ max: CHANGELOG_LIMITS.summary }),
  description: optionalText({ max: CHANGELOG_LIMITS.description, multiline: true }),
  endpoint: nullable(endpointText),
  type: changelogType,
  breaking: z13.boolean(),
  datestamp,
  versions: nullable(optionalText({ max: CHANGELOG_LIMITS.versions })),
  link: nullable(linkText),
  public: z13.boolean(),
  hidden: z13.boolean(),
  documentation_branch: nullable(branchText)
};
var changelogEntryInput = z13.strictObject({
  ...entryFields,
  description: entryFields.description.default(""),
  breaking: entryFields.breaking.default(false),
  public: entryFields.public.default(true),
  hidden: entryFields.hidden.default(false)
});
var changelogEntryUpdate = z13.strictObject({
  summary: entryFields.summary.optional(),
  description: entryFields.description.optional(),
  endpoint: z13.union([endpointText, z13.null()]).optional(),
  type: changelogType.optional(),
  breaking: z13.boolean().optional(),
  datestamp: datestamp.optional(),
  versions: z13.union([optionalText({ max: CHANGELOG_LIMITS.versions }), z13.null()]).optional(),
  link: z13.union([linkText, z13.null()]).optional(),
  public: z13.boolean().optional(),
  hidden: z13.boolean().optional(),
  documentation_branch: z13.union([branchText, z13.null()]).optional()
});
function normaliseChangelogEntry(entry) {
  return entry.type === "breaking" ? { ...entry, breaking: true } : entry;
}
var changelogEntryResponse = z13.object({
  id: z13.number().int(),
  summary: z13.string(),
  description: z13.string(),
  endpoint: z13.string().nullable(),
  type: changelogType,
  breaking: z13.boolean(),
  datestamp: z13.string(),
  versions: z13.string().nullable(),
  link: z13.string().nullable(),
  public: z13.boolean()
});
var adminChangelogEntryResponse = changelogEntryResponse.extend({
  hidden: z13.boolean(),
  documentation_branch: z13.string().nullable(),
  created_at: z13.string(),
  updated_at: z13.string()
});
var typeFilter = z13.union([changelogType, z13.array(changelogType).max(CHANGELOG_TYPES.length * 2)]).transform((value) => [...new Set(Array.isArray(value) ? value : [value])]);
var aggregatedChangelogQuery = pageQuery.extend({
  custom_service_sha: branchText.optional(),
  filters: z13.strictObject({
    type: typeFilter.optional(),
    breaking: queryBoolean.optional(),
    search: optionalText({ max: CHANGELOG_LIMITS.search }).optional()
  }).optional()
});
var ADMIN_CHANGELOG_SORT_KEYS = ["datestamp", "summary", "type", "updated_at"];
var adminChangelogFilters = z13.strictObject({
  search: optionalText({ max: CHANGELOG_LIMITS.search }).optional(),
  type: changelogType.optional()
});
var adminChangelogListQuery = listQuery(ADMIN_CHANGELOG_SORT_KEYS, adminChangelogFilters);
function isChangelogStaff(user) {
  return Boolean(user && (user.is_admin || user.is_employee));
}

// packages/shared/src/api/changelog.ts
var changelogEndpoints = {
  aggregated: endpoint({
    method: "GET",
    path: "/api/v1/resource_groups/aggregated_changelog",
    summary: "The API changelog, newest first (headers Total, Per-Page); custom_service_sha switches the documentation branch for staff and is ignored for anyone else",
    tags: ["Changelog"],
    auth: "public",
    query: aggregatedChangelogQuery,
    kind: "list",
    response: z14.array(changelogEntryResponse),
    errors: []
  })
};
var adminChangelogEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/changelog_entries",
    summary: "Every changelog entry, hidden ones included (admins)",
    tags: ["Admin"],
    auth: "user",
    query: adminChangelogListQuery,
    kind: "list",
    response: z14.array(adminChangelogEntryResponse),
    errors: ["forbidden"]
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/admin/changelog_entries/:id",
    summary: "One changelog entry (admins)",
    tags: ["Admin"],
    auth: "user",
    params: idParams,
    response: adminChangelogEntryResponse,
    errors: ["forbidden", "not_found"]
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/admin/changelog_entries",
    summary: "Write a changelog entry (admins)",
    tags: ["Admin"],
    auth: "user",
    body: changelogEntryInput,
    status: 201,
    response: adminChangelogEntryResponse,
    errors: ["forbidden"]
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/changelog_entries/:id",
    summary: "Edit, hide or show again a changelog entry (admins)",
    tags: ["Admin"],
    auth: "user",
    params: idParams,
    body: changelogEntryUpdate,
    response: adminChangelogEntryResponse,
    errors: ["forbidden", "not_found"]
  })
};

// packages/shared/src/api/client-errors.ts
import { z as z15 } from "zod";
var clientErrorRequest = z15.strictObject({
  message: requiredText({ max: CLIENT_ERROR_LIMITS.message, multiline: true }),
  stack: optionalText({ max: CLIENT_ERROR_LIMITS.stack, multiline: true }).optional(),
  url: optionalText({ max: CLIENT_ERROR_LIMITS.url }).optional(),
  user_agent: optionalText({ max: CLIENT_ERROR_LIMITS.userAgent }).optional()
});
var clientErrorEndpoints = {
  report: endpoint({
    method: "POST",
    path: "/api/v1/client_errors",
    summary: "Report a crash of the web app; it is logged (with secrets left out of its URL), not stored",
    tags: ["Client errors"],
    auth: "public",
    body: clientErrorRequest,
    status: 204,
    errors: []
  })
};

// packages/shared/src/api/collaborators.ts
import { z as z17 } from "zod";

// packages/shared/src/collaborators.ts
import { z as z16 } from "zod";
var COLLABORATOR_ROLES = collaboratorRole.options;
var INVITATION_ROLES = invitationRole.options;
function roleChangeRefusal(actorId, can, target, role) {
  if (!can.canManageCollaborators) return "not_allowed";
  if (target.user_id === actorId) return "own_role";
  if (target.role === "owner") return "owner_role";
  if (role === "owner" && !can.canTransferOwnership) return "owner_only_transfers";
  return null;
}
function removalRefusal(actorId, can, target) {
  if (!can.canManageCollaborators) return "not_allowed";
  if (target.role === "owner") return "owner";
  if (target.user_id === actorId) return "self";
  return null;
}
function hasSingleNewOwner(changes) {
  return changes.filter((change) => change.role === "owner").length <= 1;
}
function isInvitee(accountEmail, invitationEmail) {
  return accountEmail.toLowerCase() === invitationEmail.toLowerCase();
}
var appId = z16.number().int().positive().max(MAX_ID, { message: `must be at most ${MAX_ID}` });
var developerAppQuery = z16.strictObject({ developer_app_id: id });
var collaboratorResponse = z16.object({
  id: z16.number().int(),
  role: collaboratorRole,
  user_id: z16.number().int(),
  name: z16.string(),
  email: z16.string(),
  developer: z16.object({ name: z16.string(), email: z16.string() }),
  created_at: z16.string()
});
var invitationStatus = z16.enum(["pending", "accepted", "canceled", "expired"]);
var invitationResponse = z16.object({
  id: z16.number().int(),
  email: z16.string(),
  role: invitationRole,
  status: invitationStatus,
  created_at: z16.string(),
  expires_at: z16.string()
});
var updateCollaboratorsRequest = z16.strictObject({
  developer_app_id: appId,
  collaborators: z16.array(z16.strictObject({ id: appId, role: collaboratorRole })).min(1, { message: "can't be empty" }).max(100, { message: "must hold at most 100 entries" })
});
var createInvitationRequest = z16.strictObject({
  developer_app_id: appId,
  email: emailAddress,
  role: invitationRole
});
var updateInvitationRequest = z16.strictObject({
  developer_app_id: appId,
  invitation: z16.strictObject({
    status: z16.literal("canceled", { message: "can only be canceled" })
  })
});
var acceptInvitationRequest = z16.strictObject({
  token: z16.string().min(1, { message: "can't be blank" }).max(LIMITS.token)
});
var acceptInvitationResponse = z16.object({ developer_app_id: z16.number().int() });
var permissionMatrixRow = z16.object({
  action: z16.string(),
  owner: z16.boolean(),
  admin: z16.boolean(),
  developer: z16.boolean()
});
var developerAppPermissionsResponse = z16.object({
  developer_app_id: z16.number().int(),
  /** The actor's role; null for a platform administrator who is not a collaborator. */
  role: collaboratorRole.nullable(),
  permissions: appPermissions,
  matrix: z16.array(permissionMatrixRow)
});
function permissionMatrix() {
  return PERMISSION_MATRIX.map((row) => ({ ...row }));
}

// packages/shared/src/api/collaborators.ts
var tags5 = ["Collaborators"];
var collaboratorEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/collaborators",
    summary: "The app's collaborators, the owner first, then oldest first (any collaborator)",
    tags: tags5,
    auth: "user",
    query: developerAppQuery,
    response: z17.array(collaboratorResponse),
    errors: ["not_found"]
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/collaborators",
    summary: "Change roles (owner and admins); role owner transfers ownership (owner only) and makes the old owner an admin",
    tags: tags5,
    auth: "user",
    body: updateCollaboratorsRequest,
    response: z17.array(collaboratorResponse),
    errors: ["forbidden", "not_found"]
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/collaborators/:id",
    summary: "Remove a collaborator (owner and admins; never the owner, never yourself)",
    tags: tags5,
    auth: "user",
    params: idParams,
    query: developerAppQuery,
    status: 204,
    errors: ["forbidden", "not_found"]
  }),
  invitations: endpoint({
    method: "GET",
    path: "/api/v1/invitations",
    summary: "The app's pending invitations, oldest first (any collaborator)",
    tags: tags5,
    auth: "user",
    query: developerAppQuery,
    response: z17.array(invitationResponse),
    errors: ["not_found"]
  }),
  invite: endpoint({
    method: "POST",
    path: "/api/v1/invitations",
    summary: "Invite an e-mail address as developer or admin (owner and admins); the link is e-mailed",
    tags: tags5,
    auth: "user",
    body: createInvitationRequest,
    status: 201,
    response: invitationResponse,
    errors: ["forbidden", "not_found"]
  }),
  cancelInvitation: endpoint({
    method: "PATCH",
    path: "/api/v1/invitations/:id",
    summary: 'Cancel a pending invitation: {invitation: {status: "canceled"}} (owner and admins)',
    tags: tags5,
    auth: "user",
    params: idParams,
    body: updateInvitationRequest,
    response: invitationResponse,
    errors: ["forbidden", "not_found"]
  }),
  acceptInvitation: endpoint({
    method: "POST",
    path: "/api/v1/invitations/accept",
    summary: "Accept an invitation with the token from its e-mail, as the invited e-mail address",
    tags: tags5,
    auth: "user",
    body: acceptInvitationRequest,
    response: acceptInvitationResponse,
    errors: ["forbidden", "invalid_token"]
  }),
  permissions: endpoint({
    method: "GET",
    path: "/api/v1/developer_app_permissions",
    summary: 'Your role and permissions on an app, with the role matrix of "View permission details"',
    tags: tags5,
    auth: "user",
    query: developerAppQuery,
    response: developerAppPermissionsResponse,
    errors: ["not_found"]
  })
};

// packages/shared/src/api/credentials.ts
import { z as z18 } from "zod";
var uidParams = z18.strictObject({
  uid: z18.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/, { message: "is not a client id" })
});
var credentialEndpoints = {
  resetSecret: endpoint({
    method: "POST",
    path: "/api/v1/oauth_applications/:uid/reset_secret",
    summary: "Generate or reset an OAuth application secret; returned once",
    tags: ["Credentials"],
    auth: "user",
    params: uidParams,
    response: secretResponse,
    errors: ["forbidden", "not_found", "conflict"]
  }),
  revealSecret: endpoint({
    method: "POST",
    path: "/api/v1/oauth_applications/:uid/reveal_secret",
    summary: "Reveal the production secret, once after it was issued or reset; 410 afterwards (reset it to get a new one)",
    tags: ["Credentials"],
    auth: "user",
    params: uidParams,
    response: revealedSecretResponse,
    errors: ["forbidden", "not_found", "gone", "conflict"]
  })
};

// packages/shared/src/api/developer-apps.ts
import { z as z19 } from "zod";
var tags6 = ["Developer apps"];
var developerAppEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/developer_apps",
    summary: "The apps you own or collaborate on",
    tags: tags6,
    auth: "user",
    query: pageQuery,
    kind: "list",
    response: z19.array(developerAppSummary),
    errors: []
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/developer_apps",
    summary: "Create an app (its sandbox is provisioned)",
    tags: tags6,
    auth: "user",
    body: createDeveloperAppRequest,
    status: 201,
    response: developerAppResponse,
    errors: []
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/developer_apps/:id",
    summary: "One app, with your role and permissions",
    tags: tags6,
    auth: "user",
    params: idParams,
    response: developerAppResponse,
    errors: ["not_found"]
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/developer_apps/:id",
    summary: "Change an app: JSON {developer_app: {\u2026}}, or multipart with the file developer_app[thumbnail]",
    tags: tags6,
    auth: "user",
    params: idParams,
    body: updateDeveloperAppRequest,
    files: {
      "developer_app[thumbnail]": { maxBytes: DEVELOPER_APP_LIMITS.thumbnailBytes, accept: THUMBNAIL_TYPES }
    },
    response: developerAppResponse,
    errors: ["forbidden", "not_found"]
  }),
  destroy: endpoint({
    method: "DELETE",
    path: "/api/v1/developer_apps/:id",
    summary: "Delete an app (owner only; soft delete)",
    tags: tags6,
    auth: "user",
    params: idParams,
    status: 204,
    errors: ["forbidden", "not_found"]
  }),
  thumbnail: endpoint({
    method: "GET",
    path: "/api/v1/developer_apps/:id/thumbnail",
    summary: "The app thumbnail image",
    tags: tags6,
    auth: "user",
    params: idParams,
    kind: "file",
    errors: ["not_found"]
  })
};

// packages/shared/src/api/listings.ts
import { z as z23 } from "zod";

// packages/shared/src/listing/model.ts
import { z as z20 } from "zod";
var listingState = z20.enum(["draft", "in_review", "published"]);
var approvalState = z20.enum(["unreviewed", "approved", "rejected"]);
var mediaType = z20.enum(["Picture", "Video", "Logo", "Document", "ShowcaseVideo"]);
var LISTING_LIMITS = {
  publicName: 50,
  tagline: 100,
  description: 2e3,
  howItWorks: 500,
  about: 2e3,
  builtBy: 120,
  soldBy: 120,
  draftDeveloperNotes: 2e3,
  notes: 5e3,
  pricingDescription: 2e3,
  featureBullet: 200,
  featureSlots: 3,
  helpfulLinks: 3,
  linkLabel: 100,
  url: 2e3,
  requirements: 3,
  requirement: 200,
  categoriesMin: 1,
  categoriesMax: 3,
  picturesMin: 3,
  mediaDescription: 500,
  adminMessage: 1e4,
  shortText: 200,
  longText: 2e3,
  rejectionReasonText: 2e3
};
var LISTING_HELP_LIMITS = {
  tagline: LISTING_LIMITS.tagline,
  featureBullet: LISTING_LIMITS.featureBullet
};
var IMAGE_TYPES = ["image/jpeg", "image/png"];
var VIDEO_TYPES = ["video/mp4", "video/quicktime"];
var DOCUMENT_TYPES = ["application/pdf"];
var MB = 1024 * 1024;
var LISTING_MEDIA = {
  logo: {
    types: IMAGE_TYPES,
    maxBytes: 2 * MB,
    /** Square and larger than this on each side. */
    minSide: 200,
    rule: "must be a square JPEG or PNG image larger than 200\xD7200 pixels"
  },
  picture: {
    types: IMAGE_TYPES,
    maxBytes: 10 * MB,
    minWidth: 720,
    minHeight: 480,
    maxWidth: 1920,
    maxHeight: 1080,
    /** Width over height, 4:3 to 16:9. */
    minAspect: 4 / 3,
    maxAspect: 16 / 9,
    minCount: 3,
    maxCount: 10,
    rule: "must be a JPEG or PNG image from 720\xD7480 to 1920\xD71080 pixels with an aspect ratio between 4:3 and 16:9"
  },
  video: {
    types: VIDEO_TYPES,
    maxBytes: 512 * MB,
    /** The shorter side in pixels: 720p. */
    minShortSide: 720,
    maxCount: 3,
    rule: "must be an MP4 or MOV video of at least 720p"
  },
  showcaseVideo: {
    types: VIDEO_TYPES,
    maxBytes: 512 * MB,
    minShortSide: 720,
    rule: "must be an MP4 or MOV video of at least 720p"
  },
  document: {
    types: DOCUMENT_TYPES,
    maxBytes: 20 * MB,
    rule: "must be a PDF document"
  }
};
function isLogoSize({ width, height }) {
  return width === height && width > LISTING_MEDIA.logo.minSide;
}
function isPictureSize({ width, height }) {
  const rule = LISTING_MEDIA.picture;
  if (width < rule.minWidth || height < rule.minHeight) return false;
  if (width > rule.maxWidth || height > rule.maxHeight) return false;
  const aspect = width / height;
  const slack = 0.01;
  return aspect >= rule.minAspect - slack && aspect <= rule.maxAspect + slack;
}
function isVideoSize({ width, height }) {
  return Math.min(width, height) >= LISTING_MEDIA.video.minShortSide;
}
var SSO_PROVIDERS = [
  "Okta",
  "Microsoft Entra ID",
  "Google Workspace",
  "OneLogin",
  "Ping Identity",
  "Auth0"
];
var REJECTION_REASONS = [
  { code: "name_rules", tab: "app" },
  { code: "placeholder_text", tab: "app" },
  { code: "not_final_version", tab: "app" },
  { code: "single_customer", tab: "app" },
  { code: "low_quality_experience", tab: "app" },
  { code: "screenshots_not_app", tab: "media" },
  { code: "video_minimums", tab: "media" },
  { code: "logo_rules", tab: "media" },
  { code: "support_site_incomplete", tab: "support" },
  { code: "missing_privacy_policy", tab: "support" },
  { code: "pricing_unclear", tab: "pricing" },
  { code: "contact_outdated", tab: "contact" },
  { code: "security_answers_incomplete", tab: "security" },
  { code: "missing_post_install_notes", tab: "app" },
  { code: "private_api_use", tab: "app" }
];
var REJECTION_REASON_CODES = REJECTION_REASONS.map((reason) => reason.code);
var categoryResponse = z20.object({ id: z20.number().int(), name: z20.string() });
var countryResponse = z20.object({ id: z20.number().int(), iso_code: z20.string(), name: z20.string() });
var regionResponse = z20.object({
  id: z20.number().int(),
  name: z20.string(),
  countries: z20.array(countryResponse)
});
var productToolResponse = z20.object({ id: z20.number().int(), title: z20.string() });
var securityStandardResponse = z20.object({
  id: z20.number().int(),
  standard_name: z20.string(),
  variant: z20.string().nullable()
});

// packages/shared/src/listing/submission.ts
import { z as z22 } from "zod";

// packages/shared/src/listing/schemas.ts
import { z as z21 } from "zod";

// packages/shared/src/listing/messages.ts
var LISTING_MESSAGES = {
  required: "This field is required",
  email: "This email is invalid",
  url: "This URL is invalid",
  maxLength: "Character limit exceeded (max {{max}})",
  minItems: "At least {{count}} items are required",
  maxItems: "At most {{count}} items are allowed",
  maxCategories: "Max number of categories exceeded",
  regionOrCountry: "You must select a region or country where your app is available",
  fileType: "Invalid file type",
  notValid: "Please correct the errors below before submitting for review",
  invalid: "This value is invalid",
  logoRule: "{{name}} must be a square JPEG or PNG image larger than 200\xD7200 pixels",
  pictureRule: "{{name}} must be a JPEG or PNG image from 720\xD7480 to 1920\xD71080 pixels with an aspect ratio between 4:3 and 16:9",
  videoRule: "{{name}} must be an MP4 or MOV video of at least 720p"
};
function listingMessage(key, values = {}) {
  return LISTING_MESSAGES[key].replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name] ?? ""));
}

// packages/shared/src/listing/schemas.ts
var issue = (ctx, path6, message2, params) => ctx.addIssue({ code: "custom", path: path6, message: message2, params, input: void 0 });
var required = (ctx, path6 = []) => issue(ctx, path6, listingMessage("required"), { code: "required" });
var blank = (value) => value === null || value === void 0 || String(value).trim() === "";
function isListingUrl(value) {
  if (value.length > LISTING_LIMITS.url || /\s/.test(value)) return false;
  try {
    const url2 = new URL(value);
    return (url2.protocol === "https:" || url2.protocol === "http:") && url2.hostname.length > 0;
  } catch {
    return false;
  }
}
var emailCheck = z21.email();
function isListingEmail(value) {
  return value.length <= 254 && emailCheck.safeParse(value).success;
}
function text2(mode, rule, isRequired = false) {
  return z21.string().nullish().superRefine((value, ctx) => {
    const trimmed = (value ?? "").trim();
    if (trimmed === "") {
      if (mode === "complete" && isRequired) required(ctx);
      return;
    }
    if (trimmed.length > rule.max) {
      issue(ctx, [], listingMessage("maxLength", { max: rule.max }), { code: "too_long", max: rule.max });
      return;
    }
    if (!isCleanText(trimmed, rule.multiline ?? false)) {
      issue(ctx, [], "must not contain control characters", { code: "control_characters" });
      return;
    }
    if (rule.format === "url" && !isListingUrl(trimmed))
      issue(ctx, [], listingMessage("url"), { code: "invalid_url" });
    if (rule.format === "email" && !isListingEmail(trimmed))
      issue(ctx, [], listingMessage("email"), { code: "invalid_email" });
  }).transform((value) => value == null ? value : value.trim());
}
function presence(schema, mode, isRequired) {
  return mode === "complete" && isRequired ? schema.nullable() : schema.nullish();
}
function yesNo(mode, isRequired = false) {
  return presence(z21.boolean(), mode, isRequired).superRefine((value, ctx) => {
    if (mode === "complete" && isRequired && (value === null || value === void 0)) required(ctx);
  });
}
var recordId = z21.number().int().positive().max(MAX_ID, { message: `must be at most ${MAX_ID}` });
function ids(max = 500) {
  return z21.array(recordId).max(max, { message: `at most ${max} items` }).nullish();
}
var linkRow = (mode, isRequired) => presence(
  z21.object({
    label: text2(mode, { max: LISTING_LIMITS.linkLabel }, isRequired),
    url: text2(mode, { max: LISTING_LIMITS.url, format: "url" }, isRequired)
  }),
  mode,
  isRequired
);
function appFields(mode) {
  return {
    public_name: text2(mode, { max: LISTING_LIMITS.publicName }, true),
    tagline: text2(mode, { max: LISTING_LIMITS.tagline }, true),
    built_by: text2(mode, { max: LISTING_LIMITS.builtBy }, true),
    sold_by: text2(mode, { max: LISTING_LIMITS.soldBy }, true),
    description: text2(mode, { max: LISTING_LIMITS.description, multiline: true }, true),
    about: text2(mode, { max: LISTING_LIMITS.about, multiline: true }, true),
    how_it_works: text2(mode, { max: LISTING_LIMITS.howItWorks, multiline: true }, true),
    category_ids: presence(z21.array(recordId), mode, true).superRefine((value, ctx) => {
      const count = value?.length ?? 0;
      if (count > LISTING_LIMITS.categoriesMax)
        issue(ctx, [], listingMessage("maxCategories"), { code: "too_many", max: LISTING_LIMITS.categoriesMax });
      else if (mode === "complete" && count < LISTING_LIMITS.categoriesMin) required(ctx);
    }),
    app_version_id: presence(recordId, mode, true).superRefine((value, ctx) => {
      if (mode === "complete" && (value === null || value === void 0)) required(ctx);
    }),
    draft_developer_notes: text2(mode, { max: LISTING_LIMITS.draftDeveloperNotes, multiline: true }, true),
    installable: z21.boolean().nullish()
  };
}
function adminAppFields(mode) {
  return {
    beta: z21.boolean().nullish(),
    security_badge: z21.boolean().nullish(),
    notes: text2(mode, { max: LISTING_LIMITS.notes, multiline: true })
  };
}
function pricingFields(mode) {
  return {
    subscription_required: yesNo(mode, true),
    connector_required: yesNo(mode, true),
    has_trials: yesNo(mode, true),
    pricing_url: text2(mode, { max: LISTING_LIMITS.url, format: "url" }),
    pricing_description: text2(mode, { max: LISTING_LIMITS.pricingDescription, multiline: true }, true),
    region_ids: ids(),
    country_ids: ids()
  };
}
function linkFields(mode) {
  return {
    helpful_links: z21.array(linkRow(mode, false)).max(LISTING_LIMITS.helpfulLinks, { message: `at most ${LISTING_LIMITS.helpfulLinks} links` }).nullish().superRefine((links, ctx) => {
      links?.forEach((link2, index) => {
        if (link2 && !blank(link2.label) && blank(link2.url)) required(ctx, [index, "url"]);
      });
    })
  };
}
function featureFields(mode) {
  return {
    feature_bullets: presence(
      z21.array(text2(mode, { max: LISTING_LIMITS.featureBullet })).max(LISTING_LIMITS.featureSlots, { message: `at most ${LISTING_LIMITS.featureSlots} features` }),
      mode,
      true
    ).superRefine((bullets, ctx) => {
      if (mode !== "complete") return;
      for (let index = 0; index < LISTING_LIMITS.featureSlots; index++) {
        if (blank(bullets?.[index])) required(ctx, [index]);
      }
    })
  };
}
function supportFields(mode) {
  return {
    website_link: z21.object({
      label: text2(mode, { max: LISTING_LIMITS.linkLabel }, true),
      url: text2(mode, { max: LISTING_LIMITS.url, format: "url" }, true)
    }).nullish(),
    support_email: text2(mode, { max: 254, format: "email" }, true)
  };
}
function toolFields() {
  return { product_tool_ids: ids() };
}
function requirementFields(mode) {
  return {
    requirements: z21.array(text2(mode, { max: LISTING_LIMITS.requirement })).max(LISTING_LIMITS.requirements, { message: `at most ${LISTING_LIMITS.requirements} requirements` }).nullish()
  };
}
function contactFields(mode) {
  return {
    contact_us_email: text2(mode, { max: 254, format: "email" }),
    learn_how_url: text2(mode, { max: LISTING_LIMITS.url, format: "url" }),
    create_lead: z21.boolean().nullish()
  };
}
var mediaItem = z21.looseObject({ id: z21.number().int().optional() });
function mediaFields() {
  return {
    small_logo_url: z21.string().nullish(),
    small_logo: z21.unknown().optional(),
    pictures: z21.array(mediaItem).nullish(),
    videos: z21.array(mediaItem).nullish()
  };
}
function adminMediaFields() {
  return {
    showcase_video: mediaItem.nullish(),
    security_questionnaire_document: mediaItem.nullish()
  };
}
var QUESTIONNAIRE_QUESTIONS = [
  "has_subprocessors",
  "has_sensitive_data",
  "has_security_contact",
  "has_security_audits",
  "has_security_standards",
  "has_penetration_testing",
  "can_notify_platform",
  "has_disclosure_program",
  "has_bug_bounty_program",
  "has_data_encryption_at_rest",
  "has_data_encryption_in_transit",
  "has_sso_support",
  "has_saml_support",
  "has_mfa_support",
  "has_fas_support"
];
function questionnaireShape(mode) {
  const questions = Object.fromEntries(QUESTIONNAIRE_QUESTIONS.map((q) => [q, yesNo(mode, true)]));
  return {
    company_legal_name: text2(mode, { max: LISTING_LIMITS.shortText }, true),
    company_headquarters: text2(mode, { max: LISTING_LIMITS.shortText }),
    headquarters_country_id: recordId.nullish(),
    data_processing_country_ids: ids(),
    subprocessors_details: text2(mode, { max: LISTING_LIMITS.longText, multiline: true }),
    sensitive_data_handling_details: text2(mode, { max: LISTING_LIMITS.longText, multiline: true }),
    security_email: text2(mode, { max: 254, format: "email" }),
    security_standard_ids: ids(),
    other_security_standards: text2(mode, { max: LISTING_LIMITS.longText, multiline: true }),
    disclosure_program_url: text2(mode, { max: LISTING_LIMITS.url, format: "url" }),
    sso_providers: z21.array(z21.string().trim().min(1).max(LISTING_LIMITS.shortText)).max(SSO_PROVIDERS.length + 20).nullish(),
    other_sso_providers: text2(mode, { max: LISTING_LIMITS.shortText }),
    ...questions
  };
}
function questionnaireSchema(mode) {
  return z21.strictObject(questionnaireShape(mode)).partial().check(
    alwaysRefine((values, ctx) => {
      if (mode !== "complete") return;
      const q = values;
      if (q.headquarters_country_id == null) required(ctx, ["headquarters_country_id"]);
      if ((q.data_processing_country_ids?.length ?? 0) === 0)
        required(ctx, ["data_processing_country_ids"]);
      for (const question of QUESTIONNAIRE_QUESTIONS) {
        if (q[question] === void 0) required(ctx, [question]);
      }
      if (q.has_subprocessors && blank(q.subprocessors_details)) required(ctx, ["subprocessors_details"]);
      if (q.has_sensitive_data && blank(q.sensitive_data_handling_details))
        required(ctx, ["sensitive_data_handling_details"]);
      if (q.has_security_contact && blank(q.security_email)) required(ctx, ["security_email"]);
      if (q.has_disclosure_program && blank(q.disclosure_program_url))
        required(ctx, ["disclosure_program_url"]);
      if (q.has_security_standards && (q.security_standard_ids?.length ?? 0) === 0 && blank(q.other_security_standards))
        required(ctx, ["security_standard_ids"]);
      if (q.has_sso_support && (q.sso_providers?.length ?? 0) === 0 && blank(q.other_sso_providers))
        required(ctx, ["sso_providers"]);
    })
  );
}
function securityFields() {
  return {
    security_questionnaire_visible: z21.boolean().nullish(),
    security_questionnaire: questionnaireSchema("draft").nullish()
  };
}
var TABS = {
  app: {
    fields: (mode) => ({ ...appFields(mode), ...adminAppFields(mode), ...adminMediaFields() }),
    refine: (mode, options) => (values, ctx) => {
      if (mode === "complete" && options.admin && !values.showcase_video) required(ctx, ["showcase_video"]);
    },
    required: [
      "public_name",
      "tagline",
      "built_by",
      "sold_by",
      "description",
      "about",
      "how_it_works",
      "category_ids",
      "app_version_id",
      "draft_developer_notes"
    ]
  },
  media: {
    fields: () => mediaFields(),
    refine: (mode) => (values, ctx) => {
      if (mode !== "complete") return;
      if (blank(values.small_logo_url) && !values.small_logo) required(ctx, ["small_logo"]);
      const pictures = values.pictures?.length ?? 0;
      if (pictures < LISTING_LIMITS.picturesMin)
        issue(ctx, ["pictures"], listingMessage("minItems", { count: LISTING_LIMITS.picturesMin }), {
          code: "too_few",
          min: LISTING_LIMITS.picturesMin
        });
    },
    required: ["small_logo", "pictures"]
  },
  pricing: {
    fields: pricingFields,
    refine: (mode) => (values, ctx) => {
      if (mode !== "complete") return;
      const regions = values.region_ids?.length ?? 0;
      const countries = values.country_ids?.length ?? 0;
      if (regions + countries === 0)
        issue(ctx, ["region_or_country"], listingMessage("regionOrCountry"), { code: "required" });
    },
    required: [
      "subscription_required",
      "connector_required",
      "has_trials",
      "pricing_description",
      "region_or_country"
    ]
  },
  links: { fields: linkFields, required: [] },
  features: { fields: featureFields, required: ["feature_bullets"] },
  support: {
    fields: supportFields,
    refine: (mode) => (values, ctx) => {
      if (mode !== "complete" || typeof values.website_link === "object" && values.website_link !== null)
        return;
      required(ctx, ["website_link", "label"]);
      required(ctx, ["website_link", "url"]);
    },
    required: ["website_link", "support_email"]
  },
  tools: { fields: toolFields, required: [] },
  requirements: { fields: requirementFields, required: [] },
  contact: {
    fields: contactFields,
    refine: (mode) => (values, ctx) => {
      if (mode !== "complete") return;
      if (blank(values.contact_us_email) && blank(values.learn_how_url) && values.create_lead !== true)
        issue(ctx, ["contact_or_learn_how"], listingMessage("required"), { code: "required" });
    },
    required: ["contact_or_learn_how"]
  },
  security: {
    fields: () => securityFields(),
    refine: (mode, options) => (values, ctx) => {
      if (mode !== "complete" || options.securityEnabled === false) return;
      if (values.security_questionnaire_visible !== true) return;
      const result = questionnaireSchema("complete").safeParse(values.security_questionnaire ?? {});
      if (result.success) return;
      for (const problem of result.error.issues) {
        ctx.addIssue({ ...problem, path: ["security_questionnaire", ...problem.path] });
      }
    },
    required: ["security_questionnaire"]
  }
};
function alwaysRefine(refine) {
  return z21.superRefine((values, ctx) => refine(values, ctx), {
    when: (payload) => typeof payload.value === "object" && payload.value !== null
  });
}
function completeListingSchema(options = {}) {
  const shape = Object.assign({}, ...Object.values(TABS).map((tab) => tab.fields("complete")));
  const refines = Object.values(TABS).flatMap((tab) => tab.refine ? [tab.refine("complete", options)] : []);
  return z21.object(shape).check(
    alwaysRefine((values, ctx) => {
      for (const refine of refines) refine(values, ctx);
    })
  );
}
var draftListingShape = {
  ...appFields("draft"),
  ...pricingFields("draft"),
  ...linkFields("draft"),
  ...featureFields("draft"),
  ...supportFields("draft"),
  ...toolFields(),
  ...requirementFields("draft"),
  ...contactFields("draft"),
  security_questionnaire_visible: z21.boolean().nullish(),
  security_questionnaire: questionnaireSchema("draft").nullish()
};
var adminDraftListingShape = adminAppFields("draft");
var LISTING_FIELDS = Object.keys({ ...draftListingShape, ...adminDraftListingShape });

// packages/shared/src/listing/submission.ts
var recordId2 = z22.number().int().positive().max(MAX_ID, { message: `must be at most ${MAX_ID}` });
var description = z22.string().trim().max(LISTING_LIMITS.mediaDescription, {
  message: `must be at most ${LISTING_LIMITS.mediaDescription} characters`
});
var mediaAttributes = z22.strictObject({
  id: recordId2.optional(),
  file: uploadedFile.optional(),
  description: description.nullish()
});
var rejectionReason = z22.strictObject({
  code: z22.enum(REJECTION_REASON_CODES),
  note: z22.string().trim().max(LISTING_LIMITS.rejectionReasonText, {
    message: `must be at most ${LISTING_LIMITS.rejectionReasonText} characters`
  }).nullish()
});
var submissionFields = {
  ...draftListingShape,
  remove_small_logo: z22.boolean().nullish(),
  /** Multipart only: the logo (LISTING_MEDIA.logo). */
  small_logo: uploadedFile.optional(),
  pictures_attributes: z22.array(mediaAttributes).max(LISTING_MEDIA.picture.maxCount).nullish(),
  videos_attributes: z22.array(mediaAttributes).max(LISTING_MEDIA.video.maxCount).nullish(),
  /** Ids of stored media to delete (spec 3 §4). */
  remove_media_ids: z22.array(recordId2).max(100).nullish()
};
var submissionRequest = z22.strictObject({
  submission: z22.strictObject({
    ...submissionFields,
    state: z22.enum(["in_review", "draft"], { message: "must be in_review or draft" }).optional()
  })
});
var adminSubmissionRequest = z22.strictObject({
  submission: z22.strictObject({
    ...submissionFields,
    ...adminDraftListingShape,
    showcase_video_attributes: z22.strictObject({ file: uploadedFile.optional(), description: description.nullish() }).nullish(),
    security_questionnaire_document: z22.strictObject({ file: uploadedFile.optional() }).nullish(),
    approval_state: z22.enum(["approved", "rejected"], { message: "must be approved or rejected" }).optional(),
    admin_message: z22.string().max(LISTING_LIMITS.adminMessage, {
      message: `must be at most ${LISTING_LIMITS.adminMessage} characters`
    }).nullish(),
    silent: z22.boolean().nullish(),
    is_concierge_app: z22.boolean().nullish(),
    rejection_reasons: z22.array(rejectionReason).max(REJECTION_REASON_CODES.length).nullish()
  })
});
var listingMediaResponse = z22.object({
  id: z22.number().int(),
  /**
   * The upload this file comes from: its own id, or — for a copy made when a published listing got a new
   * draft — the original's. The diff against the published listing matches files by it.
   */
  origin_id: z22.number().int(),
  type: mediaType,
  name: z22.string(),
  original_filename: z22.string(),
  description: z22.string().nullable(),
  url: z22.string(),
  /** Videos: the external video host's URL (hashed_id), else null. */
  external_url: z22.string().nullable(),
  content_type: z22.string(),
  size: z22.number().int(),
  width: z22.number().int().nullable(),
  height: z22.number().int().nullable()
});
var link = z22.object({ label: z22.string().nullable(), url: z22.string().nullable() });
var questionnaireResponse = z22.object({
  company_legal_name: z22.string().nullable(),
  company_headquarters: z22.string().nullable(),
  headquarters_country_id: z22.number().int().nullable(),
  headquarters_country: countryResponse.nullable(),
  data_processing_country_ids: z22.array(z22.number().int()),
  data_processing_countries: z22.array(countryResponse),
  has_subprocessors: z22.boolean().nullable(),
  subprocessors_details: z22.string().nullable(),
  has_sensitive_data: z22.boolean().nullable(),
  sensitive_data_handling_details: z22.string().nullable(),
  has_security_contact: z22.boolean().nullable(),
  security_email: z22.string().nullable(),
  has_security_audits: z22.boolean().nullable(),
  has_security_standards: z22.boolean().nullable(),
  security_standard_ids: z22.array(z22.number().int()),
  security_standards: z22.array(
    z22.object({ id: z22.number().int(), standard_name: z22.string(), variant: z22.string().nullable() })
  ),
  other_security_standards: z22.string().nullable(),
  has_penetration_testing: z22.boolean().nullable(),
  can_notify_platform: z22.boolean().nullable(),
  has_disclosure_program: z22.boolean().nullable(),
  disclosure_program_url: z22.string().nullable(),
  has_bug_bounty_program: z22.boolean().nullable(),
  has_data_encryption_at_rest: z22.boolean().nullable(),
  has_data_encryption_in_transit: z22.boolean().nullable(),
  has_sso_support: z22.boolean().nullable(),
  sso_providers: z22.array(z22.string()),
  other_sso_providers: z22.string().nullable(),
  has_saml_support: z22.boolean().nullable(),
  has_mfa_support: z22.boolean().nullable(),
  has_fas_support: z22.boolean().nullable()
});
var submissionResponse = z22.object({
  id: z22.number().int(),
  developer_app_id: z22.number().int(),
  state: listingState,
  approval_state: approvalState,
  admin_message: z22.string().nullable(),
  rejection_reasons: z22.array(z22.object({ code: z22.enum(REJECTION_REASON_CODES), note: z22.string().nullable() })),
  version: z22.number().int(),
  silent: z22.boolean(),
  is_concierge_app: z22.boolean(),
  has_published_app: z22.boolean(),
  live: z22.boolean(),
  public_name: z22.string().nullable(),
  tagline: z22.string().nullable(),
  built_by: z22.string().nullable(),
  sold_by: z22.string().nullable(),
  description: z22.string().nullable(),
  about: z22.string().nullable(),
  how_it_works: z22.string().nullable(),
  category_ids: z22.array(z22.number().int()),
  categories: z22.array(categoryResponse),
  app_version_id: z22.number().int().nullable(),
  app_version: z22.object({ id: z22.number().int(), version: z22.string() }).nullable(),
  draft_developer_notes: z22.string().nullable(),
  installable: z22.boolean(),
  beta: z22.boolean(),
  security_badge: z22.boolean(),
  /** Admin notes: platform administrators only (null for everyone else). */
  notes: z22.string().nullable(),
  subscription_required: z22.boolean().nullable(),
  connector_required: z22.boolean().nullable(),
  has_trials: z22.boolean().nullable(),
  costs_money: z22.boolean().nullable(),
  pricing_url: z22.string().nullable(),
  pricing_description: z22.string().nullable(),
  region_ids: z22.array(z22.number().int()),
  regions: z22.array(regionResponse),
  country_ids: z22.array(z22.number().int()),
  countries: z22.array(countryResponse),
  helpful_links: z22.array(link),
  feature_bullets: z22.array(z22.string()),
  website_link: link.nullable(),
  support_email: z22.string().nullable(),
  product_tool_ids: z22.array(z22.number().int()),
  product_tools: z22.array(productToolResponse),
  requirements: z22.array(z22.string()),
  contact_us_email: z22.string().nullable(),
  learn_how_url: z22.string().nullable(),
  create_lead: z22.boolean(),
  made_by_platform: z22.boolean(),
  platform_certified_partner: z22.boolean(),
  security_questionnaire_visible: z22.boolean(),
  security_questionnaire: questionnaireResponse.nullable(),
  small_logo_url: z22.string().nullable(),
  small_logo: listingMediaResponse.nullable(),
  pictures: z22.array(listingMediaResponse),
  videos: z22.array(listingMediaResponse),
  showcase_video: listingMediaResponse.nullable(),
  security_questionnaire_document: listingMediaResponse.nullable(),
  submitted_at: z22.string().nullable(),
  reviewed_at: z22.string().nullable(),
  published_at: z22.string().nullable(),
  created_at: z22.string(),
  updated_at: z22.string()
});

// packages/shared/src/api/listings.ts
var tags7 = ["Marketplace listing"];
var media = LISTING_MEDIA;
var developerFiles = {
  "submission[small_logo]": { maxBytes: media.logo.maxBytes, accept: media.logo.types },
  "submission[pictures_attributes][N][file]": {
    maxBytes: media.picture.maxBytes,
    accept: media.picture.types,
    maxCount: media.picture.maxCount
  },
  "submission[videos_attributes][N][file]": {
    maxBytes: media.video.maxBytes,
    accept: media.video.types,
    maxCount: media.video.maxCount
  }
};
var adminFiles = {
  ...developerFiles,
  "submission[showcase_video_attributes][file]": {
    maxBytes: media.showcaseVideo.maxBytes,
    accept: media.showcaseVideo.types
  },
  "submission[security_questionnaire_document][file]": {
    maxBytes: media.document.maxBytes,
    accept: media.document.types
  }
};
var mediaParams = z23.strictObject({ id, media_id: id });
var listingReferenceEndpoints = {
  categories: endpoint({
    method: "GET",
    path: "/api/v1/categories",
    summary: "Marketplace categories (the category picker)",
    tags: tags7,
    auth: "user",
    response: z23.array(categoryResponse),
    errors: []
  }),
  regions: endpoint({
    method: "GET",
    path: "/api/v1/regions",
    summary: "Regions with their countries (availability)",
    tags: tags7,
    auth: "user",
    response: z23.array(regionResponse),
    errors: []
  }),
  productTools: endpoint({
    method: "GET",
    path: "/api/v1/product_tools",
    summary: "Platform product tools an app works with",
    tags: tags7,
    auth: "user",
    response: z23.array(productToolResponse),
    errors: []
  }),
  settings: endpoint({
    method: "GET",
    path: "/api/v1/listing_settings",
    summary: "How the listing form is set up here: whether the Security and Compliance tab is on",
    tags: tags7,
    auth: "user",
    response: z23.object({ security_and_compliance_enabled: z23.boolean() }),
    errors: []
  }),
  securityStandards: endpoint({
    method: "GET",
    path: "/api/v1/security_standards",
    summary: "Security standards the questionnaire offers",
    tags: tags7,
    auth: "user",
    response: z23.array(securityStandardResponse),
    errors: []
  })
};
var listingEndpoints = {
  current: endpoint({
    method: "GET",
    path: "/api/v1/developer_apps/:id/submissions/current",
    summary: "The app's newest listing submission (null when it has none)",
    tags: tags7,
    auth: "user",
    params: idParams,
    response: submissionResponse.nullable(),
    errors: ["not_found"]
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/developer_apps/:id/submissions",
    summary: "Save the listing: updates the newest submission unless it is published, else creates one (JSON {submission: {\u2026}} or multipart submission[field])",
    tags: tags7,
    auth: "user",
    params: idParams,
    body: submissionRequest,
    files: developerFiles,
    // 200 whether the save created the submission or updated the newest one: the answer is the saved one.
    response: submissionResponse,
    errors: ["forbidden", "not_found", "conflict"]
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/submissions/:id",
    summary: "One listing submission (the published one, for comparison)",
    tags: tags7,
    auth: "user",
    params: idParams,
    response: submissionResponse,
    errors: ["not_found"]
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/submissions/:id",
    summary: 'Save, submit ({state: "in_review"}) or withdraw ({state: "draft"}); a published submission is copied into a new draft',
    tags: tags7,
    auth: "user",
    params: idParams,
    body: submissionRequest,
    files: developerFiles,
    response: submissionResponse,
    errors: ["forbidden", "not_found", "conflict"]
  }),
  media: endpoint({
    method: "GET",
    path: "/api/v1/submissions/:id/media/:media_id",
    summary: "One stored file of a submission (download)",
    tags: tags7,
    auth: "user",
    params: mediaParams,
    kind: "file",
    errors: ["not_found"]
  })
};
var adminListingEndpoints = {
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/submissions/:id",
    summary: "Save a submission; approval_state approved (\u2192 published) or rejected (\u2192 draft) with admin_message (admins)",
    tags: ["Admin", ...tags7],
    auth: "user",
    params: idParams,
    body: adminSubmissionRequest,
    files: adminFiles,
    response: submissionResponse,
    errors: ["forbidden", "not_found", "conflict"]
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/admin/developer_apps/:id/submissions",
    summary: "Save the listing of any app (admins): the same rule as the developers\u2019 save",
    tags: ["Admin", ...tags7],
    auth: "user",
    params: idParams,
    body: adminSubmissionRequest,
    files: adminFiles,
    response: submissionResponse,
    errors: ["forbidden", "not_found", "conflict"]
  })
};
var videoHostEndpoints = {
  media: endpoint({
    method: "GET",
    path: "/api/v1/video_host/medias/:hashed_id",
    summary: "A video kept by the embedded video host",
    tags: tags7,
    auth: "public",
    params: z23.strictObject({
      hashed_id: z23.string().regex(/^[a-z0-9]{10,40}$/, { message: "is not a video id" })
    }),
    kind: "file",
    errors: ["not_found"]
  })
};

// packages/shared/src/api/manifests.ts
import { z as z24 } from "zod";
var tags8 = ["Manifests"];
var L = MANIFEST_LIMITS;
var manifestListQuery = z24.strictObject({
  page: z24.coerce.number().int().min(1, { message: "must be at least 1" }).max(2147483647).default(1),
  per_page: z24.coerce.number().int().min(1, { message: "must be at least 1" }).max(100, { message: "must be at most 100" }).default(100),
  filters: z24.strictObject({
    developer_app_id: id,
    versionable_type: environmentType.optional()
  })
});
var createManifestRequest = z24.strictObject({
  developer_app_id: id,
  environment_type: z24.literal("Sandbox", {
    message: "must be Sandbox (production versions come from promotion)"
  }),
  semantic_version: z24.string().trim().min(1, { message: "can't be blank" }).max(L.semanticVersion),
  configured_manifest_content: configuredManifestContent.optional(),
  /** The manifest: its JSON text (the editor) or the parsed object. */
  content: z24.union([
    z24.string().max(L.contentChars, { message: `must be at most ${L.contentChars} characters` }),
    manifestContent
  ]).optional()
}).refine((body) => body.configured_manifest_content === void 0 !== (body.content === void 0), {
  message: "give either configured_manifest_content or content, not both",
  path: ["content"],
  params: { code: "required" }
});
var promotionRequest = z24.strictObject({
  /** Optional: the app the page is about; a source version of another app is then refused (422). */
  developer_app_id: id.optional(),
  app_version_promotion: z24.strictObject({
    source_app_version_id: id,
    /** The release notes (required, spec 2 §5 "Promote"); null is answered 422. */
    changelog: z24.string().max(L.changelog).nullable()
  })
});
var updateAppVersionRequest = z24.strictObject({
  app_version: z24.strictObject({
    id,
    state: z24.enum(["in_review", "confidential", "published"], {
      message: "must be in_review, confidential or published"
    }),
    developer_notes: optionalText({ max: L.notes, multiline: true }).optional(),
    admin_notes: optionalText({ max: L.notes, multiline: true }).optional()
  })
});
var manifestValidationQuery = z24.strictObject({
  developer_app_id: id,
  environment_type: z24.enum(ENVIRONMENT_TYPES).default("Sandbox")
});
var manifestValidationRequest = z24.strictObject({
  manifest: z24.strictObject({
    content: z24.string().max(L.contentChars, { message: `must be at most ${L.contentChars} characters` })
  })
});
var manifestValidationResponse = z24.object({ errors: z24.array(manifestError) });
var templateVersion = z24.enum(TEMPLATE_VERSIONS, { message: "must be 3 or 4.1" });
var manifestTemplatesResponse = z24.record(z24.string(), manifestContent);
var snippetParams = z24.strictObject({ version: templateVersion });
var snippetQuery = z24.strictObject({ has_existing_manifest: queryBoolean.optional() });
var snippetsResponse = z24.object({
  oauth: manifestContent,
  iframe: manifestContent,
  fullscreen: manifestContent,
  sidepanel: manifestContent
});
var permissionTool = z24.object({
  name: z24.string(),
  friendly_name: z24.string(),
  disabled_uals: z24.array(z24.number().int())
});
var permissionCatalogueResponse = z24.object({
  levels: z24.array(z24.object({ id: z24.number().int(), name: z24.string(), label: z24.string() })),
  company: z24.array(permissionTool),
  project: z24.array(permissionTool)
});
var viewKeysResponse = z24.object({ views: z24.array(z24.string()) });
var ANALYTICS_KEYS = [
  "opted_in",
  "opted_out",
  "metrics_report_clicked",
  "developers.app_metrics.download_csv.clicked"
];
var analyticsRequest = z24.strictObject({
  key: z24.enum(ANALYTICS_KEYS, { message: `must be one of ${ANALYTICS_KEYS.join(", ")}` }),
  additional_properties: z24.record(z24.string().max(64), z24.union([z24.string().max(500), z24.number(), z24.boolean(), z24.null()])).refine((value) => Object.keys(value).length <= 20, { message: "at most 20 properties" }).optional()
});
var manifestEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/manifests",
    summary: "An app's versions of one environment, newest first (any collaborator, platform admins)",
    tags: tags8,
    auth: "user",
    query: manifestListQuery,
    kind: "list",
    response: z24.array(manifestSummary),
    errors: ["not_found"]
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/app_versioned_manifests/:id",
    summary: "One version with its manifest and the builder form",
    tags: tags8,
    auth: "user",
    params: idParams,
    response: manifestResponse,
    errors: ["not_found"]
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/app_versioned_manifests",
    summary: "Create a sandbox version from configured_manifest_content (the builder) or content (the JSON editor); owner and admins",
    tags: tags8,
    auth: "user",
    body: createManifestRequest,
    status: 201,
    response: manifestResponse,
    errors: ["forbidden", "not_found"]
  }),
  promote: endpoint({
    method: "POST",
    path: "/api/v1/app_version_promotions",
    summary: "Promote a sandbox version to production with release notes; owner and admins",
    tags: tags8,
    auth: "user",
    body: promotionRequest,
    status: 201,
    response: manifestResponse,
    errors: ["forbidden", "not_found"]
  }),
  review: endpoint({
    method: "PATCH",
    path: "/api/v1/app_versions/:id",
    summary: "Review actions on a production version: submit (in_review) and withdraw (confidential) by owner and admins; approve (published) and reject (confidential) by platform admins",
    tags: tags8,
    auth: "user",
    params: idParams,
    body: updateAppVersionRequest,
    response: manifestResponse,
    errors: ["forbidden", "not_found"]
  }),
  validate: endpoint({
    method: "POST",
    path: "/api/v1/manifest_validations",
    summary: "Validate a manifest text: every error with its JSON pointer, line and column; [] when valid",
    tags: tags8,
    auth: "user",
    query: manifestValidationQuery,
    body: manifestValidationRequest,
    response: manifestValidationResponse,
    errors: ["not_found"]
  }),
  templates: endpoint({
    method: "GET",
    path: "/api/v1/manifest_templates",
    summary: 'The template of each schema version ("3", "4.1")',
    tags: tags8,
    auth: "user",
    response: manifestTemplatesResponse,
    errors: []
  }),
  snippets: endpoint({
    method: "GET",
    path: "/api/v1/manifest_templates/:version/snippets",
    summary: "The oauth, iframe, fullscreen and sidepanel snippets of a schema version",
    tags: tags8,
    auth: "user",
    params: snippetParams,
    query: snippetQuery,
    response: snippetsResponse,
    errors: []
  }),
  permissions: endpoint({
    method: "GET",
    path: "/api/v1/manifest_permissions",
    summary: "The permission catalogue: company and project tools, their disabled levels, the levels",
    tags: tags8,
    auth: "user",
    response: permissionCatalogueResponse,
    errors: []
  }),
  views: endpoint({
    method: "GET",
    path: "/api/v1/manifest_views",
    summary: "The side-panel view keys",
    tags: tags8,
    auth: "user",
    response: viewKeysResponse,
    errors: []
  })
};
var analyticsEndpoints = {
  track: endpoint({
    method: "POST",
    path: "/api/v1/analytics",
    summary: "Record an analytics event (opted_in, opted_out, metrics_report_clicked)",
    tags: ["Analytics"],
    auth: "user",
    body: analyticsRequest,
    status: 204,
    errors: []
  })
};

// packages/shared/src/api/marketplace.ts
import { z as z25 } from "zod";
var tags9 = ["Marketplace"];
var marketplaceListQuery = listQuery(
  ["public_name", "published_at"],
  z25.strictObject({
    search: optionalText({ max: 200 }).optional(),
    category_id: id.optional()
  })
);
var marketplaceAppSummaryResponse = z25.object({
  id: z25.number().int(),
  public_name: z25.string(),
  tagline: z25.string().nullable(),
  built_by: z25.string().nullable(),
  small_logo_url: z25.string().nullable(),
  categories: z25.array(categoryResponse),
  published_at: z25.string().nullable()
});
var marketplaceAppResponse = submissionResponse;
var installationStatus = z25.enum(["installed", "uninstalled"]);
var installationResponse = z25.object({
  id: z25.number().int(),
  company_name: z25.string(),
  company_is_demo: z25.boolean(),
  status: installationStatus,
  installed_at: z25.string(),
  /** The platform's timestamp of its last change (installed, uninstalled). */
  updated_at: z25.string()
});
var adminInstallationResponse = installationResponse.extend({
  user_email_address: z25.string().nullable()
});
var createInstallationRequest = z25.strictObject({
  company_name: requiredText({ max: 200 }),
  email: emailAddress,
  company_is_demo: z25.boolean().default(false)
});
var uninstallRequest = z25.strictObject({ email: emailAddress });
var installationParams = z25.strictObject({ id, installation_id: id });
var marketplaceEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/marketplace/apps",
    summary: "Published listings of the marketplace (search, category), paged",
    tags: tags9,
    auth: "public",
    query: marketplaceListQuery,
    kind: "list",
    response: z25.array(marketplaceAppSummaryResponse),
    errors: []
  }),
  categories: endpoint({
    method: "GET",
    path: "/api/v1/marketplace/categories",
    summary: "The marketplace's categories (the public category filter)",
    tags: tags9,
    auth: "public",
    response: z25.array(categoryResponse),
    errors: []
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/marketplace/apps/:id",
    summary: "An app's published listing; counts one marketplace view per visitor and day",
    tags: tags9,
    auth: "public",
    params: idParams,
    response: marketplaceAppResponse,
    errors: ["not_found"]
  }),
  media: endpoint({
    method: "GET",
    path: "/api/v1/marketplace/apps/:id/media/:media_id",
    summary: "A picture, logo or video of a published listing",
    tags: tags9,
    auth: "public",
    params: z25.strictObject({ id, media_id: id }),
    kind: "file",
    errors: ["not_found"]
  }),
  install: endpoint({
    method: "POST",
    path: "/api/v1/marketplace/apps/:id/installations",
    summary: "Install a published app in a company (status installed)",
    tags: tags9,
    auth: "public",
    params: idParams,
    body: createInstallationRequest,
    status: 201,
    response: installationResponse,
    errors: ["not_found"]
  }),
  uninstall: endpoint({
    method: "POST",
    path: "/api/v1/marketplace/apps/:id/installations/:installation_id/uninstall",
    summary: "Uninstall an installation (status uninstalled); the installer's e-mail must match",
    tags: tags9,
    auth: "public",
    params: installationParams,
    body: uninstallRequest,
    response: installationResponse,
    errors: ["not_found"]
  })
};
var PLATFORM_EVENT_TYPES = [
  "installation.created",
  "installation.uninstalled",
  "marketplace_app.viewed"
];
var platformEventRequest = z25.strictObject({
  id: requiredText({ max: 200 }),
  type: z25.enum(PLATFORM_EVENT_TYPES, { message: `must be one of ${PLATFORM_EVENT_TYPES.join(", ")}` }),
  developer_app_id: id,
  occurred_at: z25.iso.datetime({ offset: true, message: "must be an ISO-8601 time" }),
  // A company name as the platform keeps it: line breaks are the platform's business.
  company_name: optionalText({ max: 500, multiline: true }).nullable().optional(),
  company_is_demo: z25.boolean().optional(),
  user_email_address: emailAddress.nullable().optional()
}).superRefine((event, context) => {
  if (event.type !== "marketplace_app.viewed" && !event.company_name) {
    context.addIssue({ code: "custom", path: ["company_name"], message: "can't be blank" });
  }
});
var platformEventResponse = z25.object({
  id: z25.string(),
  /** False for a replay: it was processed before and changed nothing. */
  processed: z25.boolean()
});
var platformEventEndpoints = {
  receive: endpoint({
    method: "POST",
    path: "/api/v1/platform/events",
    summary: "Receive an installation or marketplace-view event from the platform (Bearer PLATFORM_EVENTS_SECRET; idempotent by id)",
    tags: ["Platform"],
    auth: "public",
    body: platformEventRequest,
    response: platformEventResponse,
    errors: ["unauthenticated", "not_found"]
  })
};

// packages/shared/src/api/metrics.ts
import { z as z26 } from "zod";
var tags10 = ["Metrics"];
var dailyAggregateResponse = z26.object({
  rows: z26.record(z26.string(), z26.object({ count: z26.number().int() })),
  total_count: z26.number().int()
});
function metricsOf(installation) {
  return z26.object({
    developer_app_id: z26.number().int(),
    daily_app_installations_aggregates: dailyAggregateResponse,
    daily_marketplace_app_views_aggregates: dailyAggregateResponse,
    /** The install feed, newest first: one page of it (page, per_page) and the number of installations. */
    app_installations: z26.object({ rows: z26.array(installation), total_count: z26.number().int() })
  });
}
var metricsResponse = metricsOf(installationResponse);
var adminMetricsResponse = metricsOf(adminInstallationResponse);
var metricsEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/v1/developer_apps/:id/metrics",
    summary: "The app's daily installations and marketplace views and its install feed (collaborators)",
    tags: tags10,
    auth: "user",
    params: idParams,
    query: pageQuery,
    response: metricsResponse,
    errors: ["not_found"]
  }),
  csv: endpoint({
    method: "GET",
    path: "/api/v1/developer_apps/:id/installations.csv",
    summary: "The app's installations as CSV (collaborators; also at /developer_apps/{id}/installations.csv)",
    tags: tags10,
    auth: "user",
    params: idParams,
    kind: "file",
    errors: ["not_found"]
  })
};
var adminMetricsEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/v1/admin/developer_apps/:id/metrics",
    summary: "Any app's metrics with installer e-mail addresses (platform administrators)",
    tags: ["Admin", ...tags10],
    auth: "user",
    params: idParams,
    query: pageQuery,
    response: adminMetricsResponse,
    errors: ["forbidden", "not_found"]
  }),
  csv: endpoint({
    method: "GET",
    path: "/api/v1/admin/developer_apps/:id/installations.csv",
    summary: "Any app's installations as CSV with installer e-mails (platform administrators; also at /admin/developer_apps/{id}/installations.csv)",
    tags: ["Admin", ...tags10],
    auth: "user",
    params: idParams,
    kind: "file",
    errors: ["forbidden", "not_found"]
  })
};
var analyticsCountQuery = listQuery(
  ["day", "key", "count"],
  z26.strictObject({ key: z26.enum(ANALYTICS_KEYS).optional() })
);
var analyticsCountResponse = z26.object({
  key: z26.string(),
  day: z26.string(),
  count: z26.number().int()
});
var adminAnalyticsEndpoints = {
  counts: endpoint({
    method: "GET",
    path: "/api/v1/admin/analytics",
    summary: "Analytics event counts per key and day (platform administrators)",
    tags: ["Admin", "Analytics"],
    auth: "user",
    query: analyticsCountQuery,
    kind: "list",
    response: z26.array(analyticsCountResponse),
    errors: ["forbidden"]
  })
};

// packages/shared/src/api/notifications.ts
import { z as z28 } from "zod";

// packages/shared/src/notifications.ts
var import_dayjs = __toESM(require_dayjs_min(), 1);
var import_advancedFormat = __toESM(require_advancedFormat(), 1);
var import_es = __toESM(require_es(), 1);
import { z as z27 } from "zod";
import_dayjs.default.extend(import_advancedFormat.default);
var NOTIFICATION_LIMITS = { title: 200, summary: 1e3, body: 2e4 };
var text3 = (max) => requiredText({ max, multiline: max > NOTIFICATION_LIMITS.title });
var showAfter = optionalDate;
var notificationInput = z27.strictObject({
  title: text3(NOTIFICATION_LIMITS.title),
  summary: text3(NOTIFICATION_LIMITS.summary),
  body: text3(NOTIFICATION_LIMITS.body),
  critical: z27.boolean().default(false),
  draft: z27.boolean().default(false),
  show_after: showAfter.optional().transform((value) => value ?? null)
});
var notificationUpdate = z27.strictObject({
  title: text3(NOTIFICATION_LIMITS.title).optional(),
  summary: text3(NOTIFICATION_LIMITS.summary).optional(),
  body: text3(NOTIFICATION_LIMITS.body).optional(),
  critical: z27.boolean().optional(),
  draft: z27.boolean().optional(),
  show_after: showAfter.optional()
});
var notificationResponse = z27.object({
  id: z27.number().int(),
  title: z27.string(),
  summary: z27.string(),
  body: z27.string(),
  critical: z27.boolean(),
  created_at: z27.string(),
  read_at: z27.string().nullable()
});
var deliveryProgress = z27.object({
  total: z27.number().int(),
  queued: z27.number().int(),
  sent: z27.number().int(),
  failed: z27.number().int()
});
var adminNotificationResponse = notificationResponse.omit({ read_at: true }).extend({
  draft: z27.boolean(),
  show_after: z27.string().nullable(),
  visible: z27.boolean(),
  visible_by_show_after: z27.boolean(),
  updated_at: z27.string(),
  delivery: deliveryProgress.nullable()
});
var ADMIN_NOTIFICATION_SORT_KEYS = ["created_at", "title"];
var ADMIN_NOTIFICATION_DEFAULT_SORT = ["-created_at"];
var adminNotificationListQuery = listQuery(ADMIN_NOTIFICATION_SORT_KEYS, z27.strictObject({}));
function utcDate(now) {
  return now.toISOString().slice(0, 10);
}
function isVisibleByShowAfter(showAfterDate, today) {
  return showAfterDate === null || showAfterDate <= today;
}
function isNotificationVisible(n, today) {
  return !n.draft && isVisibleByShowAfter(n.show_after, today);
}
function normaliseCritical(n) {
  return n.critical ? { ...n, draft: false, show_after: null } : n;
}

// packages/shared/src/api/notifications.ts
var notificationEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/notifications",
    summary: "Visible notifications, newest first (headers Total, Per-Page, Unread-Count)",
    tags: ["Notifications"],
    auth: "user",
    query: pageQuery,
    kind: "list",
    response: z28.array(notificationResponse),
    errors: []
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/notifications/:id",
    summary: "One visible notification",
    tags: ["Notifications"],
    auth: "user",
    params: idParams,
    response: notificationResponse,
    errors: ["not_found"]
  }),
  markRead: endpoint({
    method: "PATCH",
    path: "/api/v1/notifications/:id",
    summary: "Mark a notification read (no body)",
    tags: ["Notifications"],
    auth: "user",
    params: idParams,
    response: notificationResponse,
    errors: ["not_found"]
  })
};
var adminNotificationEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/notifications",
    summary: "Every notification (admins)",
    tags: ["Admin"],
    auth: "user",
    query: adminNotificationListQuery,
    kind: "list",
    response: z28.array(adminNotificationResponse),
    errors: ["forbidden"]
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/admin/notifications/:id",
    summary: "One notification (admins)",
    tags: ["Admin"],
    auth: "user",
    params: idParams,
    response: adminNotificationResponse,
    errors: ["forbidden", "not_found"]
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/admin/notifications",
    summary: "Create a notification; a critical one is e-mailed to opted-in developers (admins)",
    tags: ["Admin"],
    auth: "user",
    body: notificationInput,
    status: 201,
    response: adminNotificationResponse,
    errors: ["forbidden"]
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/notifications/:id",
    summary: "Update a notification; critical never changes (admins)",
    tags: ["Admin"],
    auth: "user",
    params: idParams,
    body: notificationUpdate,
    response: adminNotificationResponse,
    errors: ["forbidden", "not_found"]
  }),
  destroy: endpoint({
    method: "DELETE",
    path: "/api/v1/admin/notifications/:id",
    summary: "Delete a notification (admins)",
    tags: ["Admin"],
    auth: "user",
    params: idParams,
    status: 204,
    errors: ["forbidden", "not_found"]
  })
};

// packages/shared/src/api/outbound-emails.ts
import { z as z30 } from "zod";

// packages/shared/src/outbound-emails.ts
import { z as z29 } from "zod";
var outboundEmailStatus = z29.enum(["queued", "sent", "failed"]);
var outboundEmailResponse = z29.object({
  id: z29.number().int(),
  to: z29.string(),
  subject: z29.string(),
  template: z29.string(),
  status: outboundEmailStatus,
  attempts: z29.number().int(),
  last_error: z29.string().nullable(),
  text_body: z29.string(),
  html_body: z29.string(),
  created_at: z29.string(),
  sent_at: z29.string().nullable()
});
var OUTBOUND_EMAIL_SORT_KEYS = ["created_at", "to", "subject", "status", "sent_at"];
var outboundEmailFilters = z29.strictObject({
  search: optionalText({ max: 200 }).optional(),
  status: outboundEmailStatus.optional()
});

// packages/shared/src/api/outbound-emails.ts
var tags11 = ["Admin"];
var outboundEmailEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/outbound_emails",
    summary: "Outbound e-mail (admins)",
    tags: tags11,
    auth: "user",
    query: listQuery(OUTBOUND_EMAIL_SORT_KEYS, outboundEmailFilters),
    kind: "list",
    response: z30.array(outboundEmailResponse),
    errors: ["forbidden"]
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/admin/outbound_emails/:id",
    summary: "One outbound e-mail (admins)",
    tags: tags11,
    auth: "user",
    params: idParams,
    response: outboundEmailResponse,
    errors: ["forbidden", "not_found"]
  })
};

// packages/shared/src/api/rate-limits.ts
import { z as z32 } from "zod";

// packages/shared/src/rate-limits.ts
import { z as z31 } from "zod";
var QUOTA_MINDER_SERVERS = [
  "Production_US01",
  "Production_US02",
  "Production_UK01",
  "Monthly_Sandbox_US01",
  "Monthly_Sandbox_US02",
  "Integrator_Sandbox"
];
var QA_QUOTA_MINDER_SERVERS = ["Staging"];
var BUCKET_FILL_TYPES = ["count", "quota"];
var bucketFillType = z31.enum(BUCKET_FILL_TYPES);
var BUCKET_LIMITS = {
  name: 120,
  clientId: 200,
  domain: 253,
  templateName: 60,
  templates: 10,
  /** About 24.8 days: the longest window a template may count over. */
  intervalMs: 2147483647,
  limit: 2147483647
};
var bucketTemplateInput = z31.strictObject({
  name: requiredText({ max: BUCKET_LIMITS.templateName }),
  fill_type: bucketFillType,
  interval_ms: z31.number().int().min(1, { message: "must be at least 1" }).max(BUCKET_LIMITS.intervalMs, { message: `must be at most ${BUCKET_LIMITS.intervalMs}` }),
  limit: z31.number().int().min(0, { message: "must be at least 0" }).max(BUCKET_LIMITS.limit, { message: `must be at most ${BUCKET_LIMITS.limit}` })
});
var templates = z31.array(bucketTemplateInput).min(1, { message: "must have at least 1 template" }).max(BUCKET_LIMITS.templates, { message: `must have at most ${BUCKET_LIMITS.templates} templates` }).superRefine((list, context) => {
  const seen = /* @__PURE__ */ new Set();
  list.forEach((template, index) => {
    const key = template.name.trim().toLowerCase();
    if (seen.has(key)) {
      context.addIssue({
        code: "custom",
        path: [index, "name"],
        message: "is already a template of this bucket",
        params: { code: "taken" }
      });
    }
    seen.add(key);
  });
});
var bucketFields = {
  name: requiredText({ max: BUCKET_LIMITS.name }),
  client_id: requiredText({ max: BUCKET_LIMITS.clientId }),
  domain: optionalText({ max: BUCKET_LIMITS.domain }),
  bucket_templates: templates
};
var createBucketRequest = z31.strictObject({ data: z31.strictObject(bucketFields) });
var updateBucketRequest = z31.strictObject({
  data: z31.strictObject({
    id: z31.number().int().positive().max(2147483647),
    name: bucketFields.name.optional(),
    client_id: bucketFields.client_id.optional(),
    domain: bucketFields.domain.optional(),
    bucket_templates: templates.optional()
  })
});
var bucketTemplateResponse = z31.object({
  name: z31.string(),
  fill_type: bucketFillType,
  interval_ms: z31.number().int(),
  limit: z31.number().int()
});
var bucketResponse = z31.object({
  id: z31.number().int(),
  server: z31.string(),
  name: z31.string(),
  client_id: z31.string(),
  domain: z31.string(),
  bucket_templates: z31.array(bucketTemplateResponse),
  created_at: z31.string(),
  updated_at: z31.string()
});
var bucketListResponse = z31.object({ data: z31.array(bucketResponse) });
var bucketItemResponse = z31.object({ data: bucketResponse });
var quotaMinderServersResponse = z31.object({ data: z31.array(z31.string()) });
var serverParams = z31.strictObject({
  server: z31.string().regex(/^[A-Za-z0-9_]{1,60}$/, { message: "must be a quota-minder server name" })
});

// packages/shared/src/api/rate-limits.ts
var tags12 = ["Rate limits"];
var base = "/api/v1/admin/quota_minder_servers";
var rateLimitEndpoints = {
  servers: endpoint({
    method: "GET",
    path: base,
    summary: "The quota-minder servers this portal offers (admins)",
    tags: tags12,
    auth: "user",
    response: quotaMinderServersResponse,
    errors: ["forbidden"]
  }),
  list: endpoint({
    method: "GET",
    path: `${base}/:server/buckets`,
    summary: "A server's rate-limit buckets (admins)",
    tags: tags12,
    auth: "user",
    params: serverParams,
    response: bucketListResponse,
    errors: ["forbidden", "not_found"]
  }),
  create: endpoint({
    method: "POST",
    path: `${base}/:server/buckets`,
    summary: "Add a rate-limit bucket (admins)",
    tags: tags12,
    auth: "user",
    params: serverParams,
    body: createBucketRequest,
    status: 201,
    response: bucketItemResponse,
    errors: ["forbidden", "not_found"]
  }),
  update: endpoint({
    method: "PATCH",
    path: `${base}/:server/buckets`,
    summary: "Change a rate-limit bucket (admins)",
    tags: tags12,
    auth: "user",
    params: serverParams,
    body: updateBucketRequest,
    response: bucketItemResponse,
    errors: ["forbidden", "not_found"]
  }),
  destroy: endpoint({
    method: "DELETE",
    path: `${base}/:server/buckets/:id`,
    summary: "Delete a rate-limit bucket (admins)",
    tags: tags12,
    auth: "user",
    params: z32.strictObject({ ...serverParams.shape, id }),
    status: 204,
    errors: ["forbidden", "not_found"]
  })
};

// packages/shared/src/api/sandboxes.ts
import { z as z33 } from "zod";
var sandboxEndpoints = {
  generateFakeSandbox: endpoint({
    method: "POST",
    path: "/api/v1/developer_apps/:id/fake_sandbox",
    summary: "Make the sandbox live at once (platform staff); returns the sandbox secret once",
    tags: ["Sandboxes"],
    auth: "user",
    params: idParams,
    response: developerAppResponse.extend({ app_secret: z33.string() }),
    errors: ["forbidden", "not_found", "conflict"]
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/sandboxes/:id",
    summary: "Change the sandbox redirect URIs",
    tags: ["Sandboxes"],
    auth: "user",
    params: idParams,
    body: updateSandboxRequest,
    response: sandboxResponse,
    errors: ["forbidden", "not_found", "conflict"]
  }),
  resetSecret: endpoint({
    method: "POST",
    path: "/api/v1/sandboxes/:id/reset_secret",
    summary: "Reset the sandbox secret; the old one and its tokens stop working. The new secret is returned once.",
    tags: ["Sandboxes"],
    auth: "user",
    params: idParams,
    response: secretResponse,
    errors: ["forbidden", "not_found", "conflict"]
  })
};

// packages/shared/src/error-response.ts
import { z as z34 } from "zod";

// packages/shared/src/errors.ts
var ERROR_CODES = [
  "bad_request",
  "malformed_json",
  "unauthenticated",
  "invalid_credentials",
  "email_not_confirmed",
  "forbidden",
  "csrf_invalid",
  "not_found",
  "conflict",
  "gone",
  "payload_too_large",
  "unsupported_media_type",
  "validation_failed",
  "invalid_token",
  "too_many_attempts",
  "too_many_requests",
  "internal_error",
  "service_unavailable"
];
var ERROR_STATUS = {
  bad_request: 400,
  malformed_json: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  email_not_confirmed: 403,
  forbidden: 403,
  csrf_invalid: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  invalid_token: 422,
  too_many_attempts: 429,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503
};
var DETAIL_CODES = [
  "required",
  "too_long",
  "too_short",
  "too_many",
  "too_few",
  "too_large",
  "too_small",
  "invalid_type",
  "invalid_email",
  "invalid_url",
  "invalid_format",
  "invalid_choice",
  "invalid_date",
  "control_characters",
  "unknown_field",
  "invalid",
  "taken",
  "incorrect",
  "mismatch",
  "file_too_large",
  "file_type",
  "image_size",
  "redirect_uri",
  "already_collaborator",
  "already_invited",
  "single_owner",
  "invitation_status"
];
function detailFromIssue(issue2, path6) {
  const { code, params } = issueCode(issue2);
  return params ? { path: path6, message: messageOf(issue2), code, params } : { path: path6, message: messageOf(issue2), code };
}
function issueCode(issue2) {
  const min = Number(issue2.minimum);
  const max = Number(issue2.maximum);
  switch (issue2.code) {
    case "invalid_type":
      return issue2.input === void 0 ? { code: "required" } : { code: "invalid_type", params: { expected: String(issue2.expected) } };
    case "too_small":
      if (issue2.origin === "string")
        return min <= 1 ? { code: "required" } : { code: "too_short", params: { min } };
      if (issue2.origin === "array" || issue2.origin === "set") return { code: "too_few", params: { min } };
      if (issue2.origin === "date") return { code: "invalid_date" };
      return { code: "too_small", params: { min } };
    case "too_big":
      if (issue2.origin === "string") return { code: "too_long", params: { max } };
      if (issue2.origin === "array" || issue2.origin === "set") return { code: "too_many", params: { max } };
      if (issue2.origin === "date") return { code: "invalid_date" };
      return { code: "too_large", params: { max } };
    case "invalid_format":
      if (issue2.format === "email") return { code: "invalid_email" };
      if (issue2.format === "url") return { code: "invalid_url" };
      return { code: "invalid_format" };
    case "invalid_value":
      return {
        code: "invalid_choice",
        params: { values: (issue2.values ?? []).map(String).join(", ") }
      };
    case "unrecognized_keys":
      return { code: "unknown_field" };
    case "custom": {
      const custom = issue2.params?.code;
      if (typeof custom === "string" && DETAIL_CODES.includes(custom)) {
        const rest = Object.fromEntries(
          Object.entries(issue2.params ?? {}).filter(
            ([key, value]) => key !== "code" && (typeof value === "string" || typeof value === "number")
          )
        );
        return Object.keys(rest).length > 0 ? { code: custom, params: rest } : { code: custom };
      }
      return { code: "invalid" };
    }
    default:
      return { code: "invalid" };
  }
}
function messageOf(issue2) {
  if (issue2.code === "unrecognized_keys") return "is not a known field";
  if (issue2.code === "invalid_type") {
    return issue2.input === void 0 ? "can't be blank" : `must be ${article(String(issue2.expected))}`;
  }
  return issue2.message;
}
function article(type) {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
function issuePath(path6, prefix = []) {
  return [...prefix, ...path6.map(String)].join(".");
}
function detailsFromIssues(issues, prefix = []) {
  const seen = /* @__PURE__ */ new Set();
  const details = [];
  for (const issue2 of issues) {
    const paths = issue2.code === "unrecognized_keys" && issue2.keys ? issue2.keys.map((key) => issuePath([...issue2.path, key], prefix)) : [issuePath(issue2.path, prefix)];
    for (const path6 of paths) {
      if (seen.has(path6)) continue;
      seen.add(path6);
      details.push(detailFromIssue(issue2, path6));
    }
  }
  return details;
}

// packages/shared/src/error-response.ts
var errorDetail = z34.object({
  path: z34.string(),
  message: z34.string(),
  code: z34.enum(DETAIL_CODES),
  params: z34.record(z34.string(), z34.union([z34.string(), z34.number()])).optional()
});
var errorResponse = z34.object({
  errors: z34.array(z34.string()),
  error: z34.object({
    code: z34.enum(ERROR_CODES),
    message: z34.string(),
    details: z34.array(errorDetail)
  })
});

// apps/server/src/http/errors.ts
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
var AppError = class extends Error {
  constructor(code, message2, details = []) {
    super(message2);
    this.code = code;
    this.details = details;
    this.statusCode = ERROR_STATUS[code];
  }
  code;
  details;
  statusCode;
  /** Sent as `Retry-After` (429, 503). */
  retryAfterSeconds;
};
function detail(path6, code, message2, params) {
  return params ? { path: path6, code, message: message2, params } : { path: path6, code, message: message2 };
}
var errors = {
  unauthenticated: () => new AppError("unauthenticated", "You need to sign in first."),
  invalidCredentials: () => new AppError("invalid_credentials", "Invalid e-mail or password."),
  emailNotConfirmed: () => new AppError(
    "email_not_confirmed",
    "Please confirm your e-mail address before signing in. Check your inbox or ask for a new confirmation e-mail."
  ),
  forbidden: (message2 = "You are not allowed to do that.") => new AppError("forbidden", message2),
  csrfInvalid: () => new AppError("csrf_invalid", "Missing or invalid X-CSRF-Token header."),
  notFound: (what = "Record") => new AppError("not_found", `${what} not found.`),
  conflict: (message2) => new AppError("conflict", message2),
  gone: (message2) => new AppError("gone", message2),
  invalidToken: (message2 = "This link is invalid or has expired. Please ask for a new one.") => new AppError("invalid_token", message2, [detail("token", "invalid", "is invalid or has expired")]),
  tooManyAttempts: () => new AppError(
    "too_many_attempts",
    "Too many failed sign-in attempts. Please wait 15 minutes and try again."
  ),
  validation: (details) => new AppError(
    "validation_failed",
    details.map((d) => `${humanPath(d.path)} ${d.message}`).join("; "),
    details
  ),
  /** 422 for one field. */
  field: (path6, code, message2, params) => errors.validation([detail(path6, code, message2, params)])
};
function humanPath(path6) {
  if (!path6) return "Request";
  const label = path6.replaceAll("_", " ");
  return label.charAt(0).toUpperCase() + label.slice(1);
}
function detailsFromZod(error, prefix = []) {
  return detailsFromIssues(error.issues, prefix);
}
function errorBody(code, message2, details = []) {
  const errorsList = details.length > 0 ? details.map((d) => `${humanPath(d.path)} ${d.message}`) : [message2];
  return { errors: errorsList, error: { code, message: message2, details } };
}
function registerErrorHandling(app, options = {}) {
  app.setErrorHandler((error, request, reply) => {
    const refusal = toAppError(error);
    if (!refusal) {
      request.log.error({ err: loggableError(error) }, "request failed");
      return reply.status(500).send(errorBody("internal_error", "Something went wrong on our side."));
    }
    const endpoint2 = request.routeOptions.config.endpoint;
    if (options.strictContracts && endpoint2 && !errorCodesOf(endpoint2).includes(refusal.code)) {
      request.log.error(
        { code: refusal.code, endpoint: `${endpoint2.method} ${endpoint2.path}` },
        "undeclared error code"
      );
      return reply.status(500).send(
        errorBody(
          "internal_error",
          `${`${endpoint2.method} ${endpoint2.path}`} answered ${refusal.code}, which its contract does not declare.`
        )
      );
    }
    if (!(error instanceof AppError) && isSqlState(error.code)) {
      request.log.warn({ sqlState: error.code, answered: refusal.code }, "the database refused a request");
    }
    if (refusal.retryAfterSeconds !== void 0)
      reply.header("Retry-After", String(refusal.retryAfterSeconds));
    return reply.status(refusal.statusCode).send(errorBody(refusal.code, refusal.message, refusal.details));
  });
}
var INVALID_INPUT_SQLSTATES = /* @__PURE__ */ new Set([
  "22001",
  // string_data_right_truncation
  "22003",
  // numeric_value_out_of_range
  "22007",
  // invalid_datetime_format
  "22008",
  // datetime_field_overflow
  "22021",
  // character_not_in_repertoire (NUL in text)
  "22P02",
  // invalid_text_representation
  "22P05"
  // untranslatable_character
]);
var CONNECTION_SQLSTATES = /* @__PURE__ */ new Set([
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
  "08001",
  "08004"
]);
var CONNECTION_ERRNOS = /* @__PURE__ */ new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);
var isSqlState = (code) => typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
function loggableError(error) {
  if (!(error instanceof Error) || !isSqlState(error.code)) return error;
  const { code, constraint, table, column } = error;
  return {
    type: error.name,
    message: error.message,
    code,
    constraint,
    table,
    column,
    stack: error.stack
  };
}
function databaseRefusal(error) {
  const code = typeof error.code === "string" ? error.code : void 0;
  if (code && INVALID_INPUT_SQLSTATES.has(code)) {
    return errors.validation([
      detail(
        "",
        "invalid",
        "holds a value that cannot be stored (a control character, an impossible date or number)"
      )
    ]);
  }
  const lostConnection = code && (CONNECTION_SQLSTATES.has(code) || CONNECTION_ERRNOS.has(code)) || typeof error.message === "string" && /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/.test(
    error.message
  );
  if (lostConnection)
    return new AppError("service_unavailable", "The service is unavailable. Please try again.");
  return void 0;
}
function toAppError(error) {
  if (error instanceof AppError) return error;
  const fromDatabase = databaseRefusal(error);
  if (fromDatabase) return fromDatabase;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = error.validationContext ?? "body";
    const details = error.validation.map(
      (issue2) => detail(
        issue2.instancePath.replace(/^\//, "").replaceAll("/", ".") || part,
        "invalid",
        issue2.message ?? "is invalid"
      )
    );
    return errors.validation(details.filter((d, i) => details.findIndex((o) => o.path === d.path) === i));
  }
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new AppError("malformed_json", "The request body is not valid JSON.");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_REQ_FILE_TOO_LARGE":
    case "FST_PARTS_LIMIT":
    case "FST_FILES_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new AppError("payload_too_large", "The request body is too large.");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new AppError("unsupported_media_type", "Unsupported content type.");
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new AppError("malformed_json", "The request body is not valid JSON.");
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return new AppError("too_many_requests", "Too many requests. Please slow down.");
  if (status === 503)
    return new AppError("service_unavailable", "The service is unavailable. Please try again.");
  if (status >= 400 && status < 500)
    return new AppError("bad_request", "The request could not be understood.");
  return void 0;
}

// apps/server/src/http/multipart.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import qs from "qs";
import { z as z35 } from "zod";
var SNIFF_BYTES = 4100;
var MAX_TEXT_FIELDS = 500;
var MAX_TEXT_FIELD_BYTES = 256 * 1024;
function bracketPath(field3) {
  return field3.replace(/\]/g, "").replace(/\[/g, ".");
}
function fieldPattern(name) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\[N\\\]/g, "\\[\\d+\\]");
  return new RegExp(`^${escaped}$`);
}
function specFor(files, field3) {
  return Object.entries(files).find(([name]) => fieldPattern(name).test(field3));
}
function registerUploads(app, storage) {
  app.decorate("storage", storage);
  app.decorateRequest("uploads", null);
  app.addHook("onResponse", async (request, reply) => {
    if (!request.uploads || reply.statusCode < 400) return;
    await Promise.allSettled(request.uploads.map((upload) => storage.delete(upload.key)));
  });
}
async function readMultipartBody(request, endpoint2) {
  const files = endpoint2.files ?? {};
  const specs = Object.values(files);
  const largest = Math.max(...specs.map((spec) => spec.maxBytes));
  const pairs = [];
  const uploads = [];
  const counts = /* @__PURE__ */ new Map();
  request.uploads = uploads;
  try {
    const parts = request.parts({
      limits: {
        fileSize: largest + 1,
        files: specs.reduce((sum, spec) => sum + (spec.maxCount ?? 1), 0),
        fields: MAX_TEXT_FIELDS,
        fieldSize: MAX_TEXT_FIELD_BYTES,
        parts: MAX_TEXT_FIELDS + 100
      }
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new AppError("payload_too_large", "A form field is too large.", [
            detail(bracketPath(part.fieldname), "too_long", "is too large")
          ]);
        }
        pairs.push(`${encodeURIComponent(part.fieldname)}=${encodeURIComponent(String(part.value))}`);
        continue;
      }
      const found = specFor(files, part.fieldname);
      if (!found) {
        part.file.resume();
        throw errors.field(bracketPath(part.fieldname), "unknown_field", "is not a known file field");
      }
      const [name, spec] = found;
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      if (count > (spec.maxCount ?? 1)) {
        part.file.resume();
        throw errors.field(bracketPath(part.fieldname), "too_many", `at most ${spec.maxCount ?? 1} files`, {
          max: spec.maxCount ?? 1
        });
      }
      uploads.push(await storeFile(request.server.storage, part, spec));
    }
  } catch (error) {
    await Promise.allSettled(uploads.map((upload) => request.server.storage.delete(upload.key)));
    request.uploads = null;
    throw error;
  }
  const text5 = qs.parse(pairs.join("&"), { depth: 6, arrayLimit: 100, parameterLimit: MAX_TEXT_FIELDS });
  const body = coerce(text5, inputSchemaOf(endpoint2));
  for (const upload of uploads) setAt(body, bracketPath(upload.field).split("."), upload);
  request.body = body;
}
async function storeFile(storage, part, spec) {
  const path6 = bracketPath(part.fieldname);
  const head = await readHead(part, SNIFF_BYTES);
  const type = head.length > 0 ? await fileTypeFromBuffer(head) : void 0;
  if (!type || !spec.accept.includes(type.mime)) {
    part.file.resume();
    const kinds = typeNames(spec.accept);
    throw errors.field(path6, "file_type", `${part.filename || "the file"} is not a ${kinds} file`, {
      types: kinds,
      name: part.filename || ""
    });
  }
  const key = `uploads/${(/* @__PURE__ */ new Date()).toISOString().slice(0, 7)}/${randomBytes2(12).toString("hex")}.${type.ext}`;
  const kept = [];
  let keptBytes = 0;
  let size = 0;
  const tooLarge = () => new AppError("payload_too_large", `${part.filename || "The file"} is too large.`, [
    detail(path6, "file_too_large", `must be at most ${formatBytes(spec.maxBytes)}`, {
      max_mb: Math.round(spec.maxBytes / 1024 / 1024 * 10) / 10,
      name: part.filename || ""
    })
  ]);
  async function* chunks() {
    for (const chunk of [head, part.file]) {
      for await (const piece of chunk instanceof Buffer ? [chunk] : chunk) {
        size += piece.length;
        if (size > spec.maxBytes) throw tooLarge();
        if (keptBytes < UPLOAD_HEAD_BYTES) {
          const slice = piece.subarray(0, UPLOAD_HEAD_BYTES - keptBytes);
          kept.push(slice);
          keptBytes += slice.length;
        }
        yield piece;
      }
    }
  }
  try {
    await storage.put(key, Readable.from(chunks()), { contentType: type.mime });
  } catch (error) {
    await storage.delete(key).catch(() => void 0);
    throw error;
  }
  if (part.file.truncated) {
    await storage.delete(key);
    throw errors.field(path6, "file_too_large", `must be at most ${formatBytes(spec.maxBytes)}`);
  }
  return {
    [UPLOAD_MARK]: true,
    field: part.fieldname,
    filename: part.filename,
    contentType: type.mime,
    extension: type.ext,
    size,
    key,
    head: Buffer.concat(kept)
  };
}
async function readHead(part, bytes) {
  const chunks = [];
  let length = 0;
  const stream = part.file;
  while (length < bytes) {
    const chunk = stream.read();
    if (chunk === null) {
      if (stream.readableEnded) break;
      const ended = await new Promise((resolve, reject) => {
        const done = () => {
          stream.off("readable", onReadable);
          stream.off("error", onError);
        };
        const onReadable = () => {
          done();
          resolve(false);
        };
        const onEnd = () => {
          done();
          resolve(true);
        };
        const onError = (error) => {
          done();
          reject(error);
        };
        stream.once("readable", onReadable);
        stream.once("end", onEnd);
        stream.once("error", onError);
      });
      if (ended) break;
      continue;
    }
    chunks.push(chunk);
    length += chunk.length;
  }
  return Buffer.concat(chunks);
}
var TYPE_NAMES = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "video/mp4": "MP4",
  "video/quicktime": "MOV",
  "application/pdf": "PDF"
};
function typeNames(types) {
  const names = types.map((type) => TYPE_NAMES[type] ?? type);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0] ?? "";
}
function formatBytes(bytes) {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024 * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}
var inputSchemas = /* @__PURE__ */ new WeakMap();
function inputSchemaOf(endpoint2) {
  let schema = inputSchemas.get(endpoint2);
  if (!schema) {
    schema = endpoint2.body ? z35.toJSONSchema(endpoint2.body, { io: "input", unrepresentable: "any" }) : {};
    inputSchemas.set(endpoint2, schema);
  }
  return schema;
}
function typesOf(schema) {
  const own = schema.type === void 0 ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const nested = [...schema.anyOf ?? [], ...schema.oneOf ?? [], ...schema.allOf ?? []].flatMap(typesOf);
  return [...own, ...nested];
}
function objectSchemaOf(schema) {
  if (schema.properties) return schema;
  return [...schema.anyOf ?? [], ...schema.oneOf ?? [], ...schema.allOf ?? []].find(
    (s) => s.properties
  );
}
function coerce(value, schema) {
  if (Array.isArray(value)) {
    const items = schema.items ?? [...schema.anyOf ?? [], ...schema.oneOf ?? []].find((s) => s.items)?.items;
    return value.map((item) => items ? coerce(item, items) : item);
  }
  if (typeof value === "object" && value !== null) {
    const object = objectSchemaOf(schema);
    const entries = Object.entries(value).map(([key, item]) => {
      const property = object?.properties?.[key];
      return [key, property ? coerce(item, property) : item];
    });
    return Object.fromEntries(entries);
  }
  if (typeof value !== "string") return value;
  const types = typesOf(schema);
  if (types.includes("string")) return value;
  if (types.includes("boolean") && (value === "true" || value === "false")) return value === "true";
  if ((types.includes("number") || types.includes("integer")) && /^-?\d+(\.\d+)?$/.test(value))
    return Number(value);
  if (types.includes("null") && (value === "" || value === "null")) return null;
  return value;
}
function setAt(target, keys, value) {
  let current = target;
  keys.forEach((key, index) => {
    const last = index === keys.length - 1;
    const container = current;
    if (last) {
      container[key] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(keys[index + 1] ?? "");
    if (typeof container[key] !== "object" || container[key] === null) container[key] = nextIsIndex ? [] : {};
    current = container[key];
  });
}

// apps/server/src/http/security.ts
import helmet from "helmet";
var OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine writes its CSS variables into a style element at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"]
    }
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
  frameguard: { action: "deny" },
  referrerPolicy: { policy: "strict-origin-when-cross-origin" }
};
function securityHeaders(options = OPTIONS) {
  const headers = {};
  const response = {
    setHeader(name, value) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name) {
      delete headers[name.toLowerCase()];
    }
  };
  helmet(options)({}, response, (error) => {
    if (error) throw error;
  });
  return headers;
}
function registerSecurityHeaders(app) {
  const headers = securityHeaders();
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("Cache-Control")) {
      reply.header("Cache-Control", "no-store");
    }
  });
}

// apps/server/src/http/session.ts
var SESSION_COOKIE = "lintel_session";
var SAFE_METHODS = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
var TOUCH_INTERVAL_MS = 6e4;
function idleExpiry(config, from = /* @__PURE__ */ new Date(), createdAt = from) {
  const idle = from.getTime() + config.sessionIdleMinutes * 6e4;
  const absolute = createdAt.getTime() + config.sessionMaxDays * 24 * 36e5;
  return new Date(Math.min(idle, absolute));
}
function registerSessions(app, deps) {
  app.decorateRequest("user", null);
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const token2 = request.cookies[SESSION_COOKIE];
    if (token2) {
      const now = /* @__PURE__ */ new Date();
      const found = await deps.sessions.findActive(hashToken(token2), now);
      if (found) {
        request.session = found.session;
        request.user = found.user;
        if (now.getTime() - found.session.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
          await deps.sessions.touch(
            found.session.id,
            now,
            idleExpiry(deps.config, now, found.session.created_at)
          );
        }
      }
    }
    if (request.session && !SAFE_METHODS.has(request.method)) {
      const header = request.headers["x-csrf-token"];
      if (typeof header !== "string" || !safeEqual(header, request.session.csrf_token))
        throw errors.csrfInvalid();
    }
  });
}
function setSessionCookie(request, reply, token2) {
  reply.setCookie(SESSION_COOKIE, token2, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https"
  });
}
function clearSessionCookie(request, reply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https"
  });
}
function requireUser(request) {
  if (!request.user) throw errors.unauthenticated();
  return request.user;
}
async function authenticated(request) {
  requireUser(request);
}
function allow(check) {
  return async (request) => {
    if (!check(requireUser(request))) throw errors.forbidden();
  };
}

// apps/server/src/http/validation.ts
var partPrefix = { body: [], querystring: [], params: [], headers: ["headers"] };
var zodValidatorCompiler = ({ schema, httpPart }) => (data) => {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return { value: result.data };
  return { error: errors.validation(detailsFromZod(result.error, partPrefix[httpPart ?? "body"] ?? [])) };
};

// apps/server/src/http/route.ts
import { z as z36 } from "zod";

// apps/server/src/http/paging.ts
function sortTerms(sort) {
  return sort.map(
    (term) => term.startsWith("-") ? { key: term.slice(1), direction: "desc" } : { key: term, direction: "asc" }
  );
}
function pageOffset({ page, per_page }) {
  return (page - 1) * per_page;
}
function setPagingHeaders(reply, total, perPage) {
  reply.header("Total", String(total));
  reply.header("Per-Page", String(perPage));
  reply.header("Access-Control-Expose-Headers", "Total, Per-Page");
}
function likePattern(term) {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

// apps/server/src/http/route.ts
function schemaOf(endpoint2) {
  const response = {};
  const status = endpoint2.status ?? 200;
  if (status === 204) response[204] = z36.null().describe("No content");
  else if (endpoint2.response && endpoint2.kind !== "file") response[status] = endpoint2.response;
  const byStatus = /* @__PURE__ */ new Map();
  for (const code of errorCodesOf(endpoint2)) {
    const codes = byStatus.get(ERROR_STATUS[code]) ?? [];
    byStatus.set(ERROR_STATUS[code], [...codes, code]);
  }
  for (const [errorStatus, codes] of byStatus) {
    response[errorStatus] = errorResponse.describe(`error.code: ${codes.join(", ")}`);
  }
  return {
    tags: [...endpoint2.tags],
    summary: endpoint2.summary,
    ...endpoint2.params ? { params: endpoint2.params } : {},
    ...endpoint2.query ? { querystring: endpoint2.query } : {},
    ...endpoint2.body ? { body: endpoint2.body } : {},
    ...endpoint2.files ? { consumes: ["application/json", "multipart/form-data"] } : {},
    response
  };
}
function route(app, endpoint2, options) {
  const preValidation = [];
  if (endpoint2.auth === "user") preValidation.push(authenticated);
  preValidation.push(...options.guards ?? []);
  if (endpoint2.files) {
    preValidation.push(async (request) => {
      if (request.isMultipart()) await readMultipartBody(request, endpoint2);
    });
  }
  const status = endpoint2.status ?? 200;
  app.route({
    method: endpoint2.method,
    url: endpoint2.path,
    schema: schemaOf(endpoint2),
    config: { endpoint: endpoint2 },
    preValidation,
    handler: async (request, reply) => {
      const result = await options.handler(request, reply);
      if (endpoint2.kind === "list") {
        const { items, total } = result;
        const query = request.query;
        setPagingHeaders(reply, total, query?.per_page ?? DEFAULT_PER_PAGE);
        return reply.status(status).send(items);
      }
      if (endpoint2.kind === "file") return sendFile(reply, result);
      if (status === 204) return reply.status(204).send(null);
      return reply.status(status).send(result);
    }
  });
}
function sendFile(reply, file) {
  reply.type(file.contentType).header("X-Content-Type-Options", "nosniff");
  if (file.size !== void 0) reply.header("Content-Length", String(file.size));
  if (file.cacheControl) reply.header("Cache-Control", file.cacheControl);
  reply.header(
    "Content-Disposition",
    file.filename ? `attachment; filename="${file.filename.replace(/[^\w.-]+/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.filename)}` : "inline"
  );
  return reply.send(file.body);
}

// apps/server/src/modules/audit/actor.ts
function auditActorOf(request) {
  return { userId: requireUser(request).id, clientAddress: request.ip ?? null };
}

// apps/server/src/modules/admin-apps/policy.ts
var adminAppPolicy = {
  canAdminister(user) {
    return user.is_admin;
  }
};

// apps/server/src/modules/listings/presenter.ts
function mediaUrl(row) {
  return `/api/v1/submissions/${row.submission_id}/media/${row.id}`;
}
function presentMedia(row, view) {
  return {
    id: row.id,
    origin_id: row.copied_from_id ?? row.id,
    type: row.type,
    name: row.name,
    original_filename: row.original_filename,
    description: row.description,
    url: mediaUrl(row),
    external_url: row.hashed_id ? view.videoHost.externalUrl(row.hashed_id) : null,
    content_type: row.content_type,
    size: Number(row.size),
    width: row.width,
    height: row.height
  };
}
var pick = (items, ids2) => ids2.flatMap((id2) => items.filter((item) => item.id === id2));
var country = (reference, id2) => {
  const found = reference.countries.find((c) => c.id === id2);
  return found ? { id: found.id, iso_code: found.iso_code, name: found.name } : null;
};
function presentQuestionnaire(raw, reference) {
  if (!raw) return null;
  const text5 = (key) => typeof raw[key] === "string" && raw[key] !== "" ? raw[key] : null;
  const bool2 = (key) => typeof raw[key] === "boolean" ? raw[key] : null;
  const ids2 = (key) => Array.isArray(raw[key]) ? raw[key] : [];
  const hq = typeof raw.headquarters_country_id === "number" ? raw.headquarters_country_id : null;
  const processing = ids2("data_processing_country_ids");
  const standards = ids2("security_standard_ids");
  return {
    company_legal_name: text5("company_legal_name"),
    company_headquarters: text5("company_headquarters"),
    headquarters_country_id: hq,
    headquarters_country: hq === null ? null : country(reference, hq),
    data_processing_country_ids: processing,
    data_processing_countries: processing.flatMap((id2) => country(reference, id2) ?? []),
    has_subprocessors: bool2("has_subprocessors"),
    subprocessors_details: text5("subprocessors_details"),
    has_sensitive_data: bool2("has_sensitive_data"),
    sensitive_data_handling_details: text5("sensitive_data_handling_details"),
    has_security_contact: bool2("has_security_contact"),
    security_email: text5("security_email"),
    has_security_audits: bool2("has_security_audits"),
    has_security_standards: bool2("has_security_standards"),
    security_standard_ids: standards,
    security_standards: pick(reference.securityStandards, standards),
    other_security_standards: text5("other_security_standards"),
    has_penetration_testing: bool2("has_penetration_testing"),
    can_notify_platform: bool2("can_notify_platform"),
    has_disclosure_program: bool2("has_disclosure_program"),
    disclosure_program_url: text5("disclosure_program_url"),
    has_bug_bounty_program: bool2("has_bug_bounty_program"),
    has_data_encryption_at_rest: bool2("has_data_encryption_at_rest"),
    has_data_encryption_in_transit: bool2("has_data_encryption_in_transit"),
    has_sso_support: bool2("has_sso_support"),
    sso_providers: Array.isArray(raw.sso_providers) ? raw.sso_providers : [],
    other_sso_providers: text5("other_sso_providers"),
    has_saml_support: bool2("has_saml_support"),
    has_mfa_support: bool2("has_mfa_support"),
    has_fas_support: bool2("has_fas_support")
  };
}
function presentSubmission(view) {
  const { row, media: media2, reference } = view;
  const of = (type) => media2.filter((m) => m.type === type).map((m) => presentMedia(m, view));
  const logo = of("Logo")[0] ?? null;
  const regions = pick(reference.regions, row.region_ids);
  return {
    id: row.id,
    developer_app_id: row.developer_app_id,
    state: row.state,
    approval_state: row.approval_state,
    admin_message: row.admin_message,
    rejection_reasons: row.rejection_reasons,
    version: row.version,
    silent: row.silent,
    is_concierge_app: row.is_concierge_app,
    has_published_app: view.hasPublished,
    live: row.live,
    public_name: row.public_name,
    tagline: row.tagline,
    built_by: row.built_by,
    sold_by: row.sold_by,
    description: row.description,
    about: row.about,
    how_it_works: row.how_it_works,
    category_ids: row.category_ids,
    categories: pick(reference.categories, row.category_ids),
    app_version_id: row.app_version_id,
    app_version: view.appVersion,
    draft_developer_notes: row.draft_developer_notes,
    installable: row.installable,
    beta: row.beta,
    security_badge: row.security_badge,
    notes: view.forAdmin ? row.notes : null,
    subscription_required: row.subscription_required,
    connector_required: row.connector_required,
    has_trials: row.has_trials,
    costs_money: row.subscription_required,
    pricing_url: row.pricing_url,
    pricing_description: row.pricing_description,
    region_ids: row.region_ids,
    regions,
    country_ids: row.country_ids,
    countries: row.country_ids.flatMap((id2) => country(reference, id2) ?? []),
    helpful_links: row.helpful_links.map((link2) => ({ label: link2.label ?? null, url: link2.url ?? null })),
    feature_bullets: row.feature_bullets,
    website_link: row.website_link ? { label: row.website_link.label ?? null, url: row.website_link.url ?? null } : null,
    support_email: row.support_email,
    product_tool_ids: row.product_tool_ids,
    product_tools: pick(reference.productTools, row.product_tool_ids),
    requirements: row.requirements,
    contact_us_email: row.contact_us_email,
    learn_how_url: row.learn_how_url,
    create_lead: row.create_lead,
    made_by_platform: row.made_by_platform,
    platform_certified_partner: row.platform_certified_partner,
    security_questionnaire_visible: row.security_questionnaire_visible,
    security_questionnaire: presentQuestionnaire(row.security_questionnaire, reference),
    small_logo_url: logo?.url ?? null,
    small_logo: logo,
    pictures: of("Picture"),
    videos: of("Video"),
    showcase_video: of("ShowcaseVideo")[0] ?? null,
    security_questionnaire_document: of("Document")[0] ?? null,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString()
  };
}
function presentSummary(row) {
  return row ? {
    id: row.id,
    state: row.state,
    approval_state: row.approval_state,
    admin_message: row.admin_message,
    version: row.version
  } : null;
}

// apps/server/src/modules/manifests/presenter.ts
function presentSummary2(row, flags) {
  return {
    id: row.id,
    app_version_id: row.id,
    developer_app_id: row.developer_app_id,
    semantic_version: row.semantic_version,
    state: row.state,
    environment_type: row.environment_type,
    app_version_key: row.app_version_key,
    schema_version: row.schema_version,
    auth_code_enabled: row.auth_code_enabled,
    changelog: row.changelog,
    submittable: flags.submittable,
    promotable: flags.promotable,
    published_to_marketplace: row.environment_type === "ProductionEnvironment" && row.state === "published",
    source_app_version_id: row.source_app_version_id,
    developer_notes: row.developer_notes,
    admin_notes: row.admin_notes,
    created_at: row.created_at.toISOString()
  };
}
function presentManifest(row, flags) {
  return {
    ...presentSummary2(row, flags),
    content: row.content,
    configured_manifest_content: row.configured_manifest_content
  };
}

// apps/server/src/modules/sandboxes/presenter.ts
function presentSandbox(sandbox, app, secret = null) {
  return {
    id: sandbox.id,
    status: sandbox.status,
    live: sandbox.status === "live",
    app_id: sandbox.oauth?.uid ?? null,
    url: sandbox.url,
    redirect_uri: sandbox.oauth?.redirectUri ?? "",
    company_id: sandbox.companyId,
    confidential: app.confidential,
    ...secret === null ? {} : { app_secret: secret },
    created_at: sandbox.createdAt.toISOString(),
    updated_at: sandbox.updatedAt.toISOString()
  };
}
function presentSecret(issued) {
  return { uid: issued.uid, app_secret: issued.secret };
}

// apps/server/src/modules/developer-apps/presenter.ts
var usable = (oauth) => oauth && !oauth.revoked ? oauth : void 0;
function thumbnailUrl(app) {
  return app.thumbnail_key ? `/api/v1/developer_apps/${app.id}/thumbnail?v=${app.updated_at.getTime()}` : null;
}
function presentApp({
  app,
  access,
  owner,
  sandbox,
  sandboxSecret,
  production,
  manifests,
  listing,
  hasSupportContact
}) {
  const working = usable(production);
  return {
    id: app.id,
    uid: working?.uid ?? null,
    name: app.name,
    internal_name: app.internal_name,
    owner: { id: owner.id, name: owner.name, email: owner.email },
    confidential: app.confidential,
    production_access: app.production_access,
    redirect_uri: app.redirect_uri,
    thumbnail_url: thumbnailUrl(app),
    published_at: app.published_at?.toISOString() ?? null,
    created_at: app.created_at.toISOString(),
    updated_at: app.updated_at.toISOString(),
    deleted_at: app.deleted_at?.toISOString() ?? null,
    current_user_role: access.role,
    permissions: access.permissions,
    sandbox: sandbox ? presentSandbox(sandbox, app, sandboxSecret) : null,
    credentials: working ? { uid: working.uid, revealable: working.secretRevealable } : null,
    manifests: {
      latest_sandbox: manifests.latestSandbox ? presentSummary2(manifests.latestSandbox.row, manifests.latestSandbox.flags) : null,
      latest_production: manifests.latestProduction ? presentSummary2(manifests.latestProduction.row, manifests.latestProduction.flags) : null,
      sandbox_count: manifests.sandboxCount,
      production_count: manifests.productionCount
    },
    last_marketplace_app: presentSummary(listing.last),
    published_app: presentSummary(listing.published),
    unpublished_app: listing.last && listing.last.state !== "published" ? presentSummary(listing.last) : null,
    marketplace_enabled: app.marketplace_enabled,
    has_support_contact: hasSupportContact
  };
}
function presentSummary3({ app, role, sandboxStatus: sandboxStatus2 }) {
  return {
    id: app.id,
    name: app.name,
    internal_name: app.internal_name,
    thumbnail_url: thumbnailUrl(app),
    current_user_role: role,
    created_at: app.created_at.toISOString(),
    sandbox_status: sandboxStatus2
  };
}

// apps/server/src/modules/admin-apps/presenter.ts
function presentContact(row) {
  return { id: row.id, name: row.name, email: row.email, created_at: row.created_at.toISOString() };
}
function presentAdminApp(view) {
  const { app } = view;
  return {
    ...presentApp(view),
    listing_name: view.listing.last?.public_name ?? null,
    legacy: app.legacy,
    allowed_cors_domains: app.allowed_cors_domains,
    connectable: app.connectable,
    has_production_credentials: view.hasProductionCredentials,
    owner_mismatch: view.ownerMismatch,
    contacts: view.contacts.map(presentContact),
    collaborators: view.collaborators.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      name: row.name,
      email: row.email,
      role: row.role
    }))
  };
}

// apps/server/src/modules/admin-apps/routes.ts
function adminAppRoutes(app, service) {
  const guards = [allow(adminAppPolicy.canAdminister)];
  route(app, adminDeveloperAppEndpoints.get, {
    guards,
    handler: async (request) => presentAdminApp(await service.get(requireUser(request), request.params.id))
  });
  route(app, adminDeveloperAppEndpoints.update, {
    guards,
    handler: async (request) => presentAdminApp(
      await service.update(
        requireUser(request),
        auditActorOf(request),
        request.params.id,
        request.body.developer_app
      )
    )
  });
  route(app, adminDeveloperAppEndpoints.thumbnail, {
    guards,
    handler: async (request) => presentAdminApp(
      await service.thumbnail(
        requireUser(request),
        auditActorOf(request),
        request.params.id,
        request.body.developer_app
      )
    )
  });
  route(app, adminDeveloperAppEndpoints.changeOwner, {
    guards,
    handler: async (request) => presentAdminApp(
      await service.changeOwner(
        requireUser(request),
        auditActorOf(request),
        request.params.id,
        request.body.owner.email
      )
    )
  });
  route(app, adminDeveloperAppEndpoints.createContact, {
    guards,
    handler: async (request) => presentContact(
      await service.createContact(auditActorOf(request), request.params.id, request.body.contact)
    )
  });
}

// apps/server/src/modules/developer-apps/policy.ts
var CREDENTIAL_FIELDS = /* @__PURE__ */ new Set(["redirect_uri", "production_access"]);
var developerAppPolicy = {
  access(user, role) {
    return { role, permissions: permissionsFor(role, user) };
  },
  /**
   * Collaborators see their live apps; platform administrators see every live app. Everyone else
   * gets 404, so the existence of an app is not revealed. Deleted apps are the admin routes' only.
   */
  canSee(user, app, role) {
    return app.deleted_at === null && (role !== null || user.is_admin);
  },
  /** The admin routes: platform administrators, deleted apps included. */
  canAdminister(user) {
    return user.is_admin;
  },
  /**
   * Changing an app's settings: any write needs canEdit, whatever the body holds (a body that changes
   * nothing is still a write); credential fields need canModifyCredentials too.
   */
  canUpdate(access, fields) {
    const credentials = fields.some((field3) => CREDENTIAL_FIELDS.has(field3));
    return access.permissions.canEdit && (!credentials || access.permissions.canModifyCredentials);
  }
};

// apps/server/src/modules/developer-apps/repository.ts
import { sql } from "kysely";
var developerAppRepository = {
  find(db, id2) {
    return db.selectFrom("developer_apps").selectAll().where("id", "=", id2).executeTakeFirst();
  },
  async roleOf(db, appId2, userId) {
    const row = await db.selectFrom("collaborators").select("role").where("developer_app_id", "=", appId2).where("user_id", "=", userId).executeTakeFirst();
    return row?.role ?? null;
  },
  owner(db, app) {
    return db.selectFrom("users").select(["id", "name", "email"]).where("id", "=", app.owner_id).executeTakeFirstOrThrow();
  },
  /**
   * The live apps a user owns or collaborates on, newest first. Starts from the user's collaborator
   * rows (index collaborators_user_app), so it stays fast however many apps exist.
   */
  /**
   * One page of the user's apps and their number, in one statement: the total rides on every row as a
   * window count, and only the columns the list shows are read. A page past the end has no row to carry
   * the total, so only then is it counted on its own.
   */
  async listForUser(db, userId, page) {
    const base2 = db.selectFrom("collaborators as c").innerJoin("developer_apps as a", "a.id", "c.developer_app_id").where("c.user_id", "=", userId).where("a.deleted_at", "is", null);
    const found = await base2.select([
      "a.id",
      "a.name",
      "a.internal_name",
      "a.thumbnail_key",
      "a.created_at",
      "a.updated_at",
      "c.role"
    ]).select(sql`count(*) over ()`.as("total")).orderBy("a.created_at", "desc").orderBy("a.id", "desc").limit(page.per_page).offset(pageOffset(page)).execute();
    const first = found[0];
    if (first) return { rows: found.map(({ total: _total, ...row }) => row), total: Number(first.total) };
    if (pageOffset(page) === 0) return { rows: [], total: 0 };
    const { total } = await base2.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
    return { rows: [], total: Number(total) };
  },
  /** Inserts the app and its owner as collaborator. */
  async insert(db, values, now) {
    const app = await db.insertInto("developer_apps").values({
      internal_name: values.internalName,
      name: values.internalName,
      owner_id: values.ownerId,
      thumbnail_key: null,
      thumbnail_content_type: null,
      published_at: null,
      deleted_at: null,
      created_at: now,
      updated_at: now
    }).returningAll().executeTakeFirstOrThrow();
    await db.insertInto("collaborators").values({ developer_app_id: app.id, user_id: values.ownerId, role: "owner", created_at: now }).execute();
    return app;
  },
  async hasIntegrationContacts(db, appId2) {
    const row = await db.selectFrom("integration_contacts").select("id").where("developer_app_id", "=", appId2).limit(1).executeTakeFirst();
    return row !== void 0;
  },
  update(db, id2, changes, now) {
    return db.updateTable("developer_apps").set({ ...changes, updated_at: now }).where("id", "=", id2).returningAll().executeTakeFirstOrThrow();
  }
};

// apps/server/src/modules/developer-apps/scope.ts
function parseId(value) {
  const parsed = id.safeParse(value);
  return parsed.success ? parsed.data : void 0;
}
var field = (source, name) => typeof source === "object" && source !== null ? source[name] : void 0;
var appFromParams = (request) => parseId(field(request.params, "id"));
var appFromQuery = (request) => parseId(field(request.query, "developer_app_id"));
var appFromBody = (request) => parseId(field(request.body, "developer_app_id"));
function createAppScope(app, db) {
  app.decorateRequest("appContext", null);
  return (locate2, need) => async (request) => {
    const user = requireUser(request);
    const appId2 = await locate2(request);
    if (appId2 === void 0) return;
    const context = await loadAppContext(db, user, appId2);
    if (need && !(typeof need === "function" ? need(context, request) : context.permissions[need])) {
      throw errors.forbidden();
    }
    request.appContext = context;
  };
}
async function loadAppContext(db, user, appId2) {
  const app = await developerAppRepository.find(db, appId2);
  const role = app ? await developerAppRepository.roleOf(db, appId2, user.id) : null;
  if (!app || !developerAppPolicy.canSee(user, app, role)) throw errors.notFound("App");
  return { app, user, ...developerAppPolicy.access(user, role) };
}
function appContextOf(request) {
  if (!request.appContext) throw new Error(`${request.method} ${request.url} has no app scope`);
  return request.appContext;
}

// apps/server/src/modules/admin-lists/policy.ts
var adminListPolicy = {
  /** The developer apps list, the review queue, the developers and the OAuth applications. */
  canRead(user) {
    return user.is_admin;
  },
  /** Editing a developer (name, company, e-mail, confirmed and the two flags). */
  canUpdateDeveloper(user) {
    return user.is_admin;
  },
  /** An administrator never removes their own administrator flag: someone else must, so one always remains. */
  canChangeOwnAdminFlag(actor, target, isAdmin) {
    return !(actor.id === target.id && isAdmin === false);
  }
};

// apps/server/src/modules/admin-lists/presenter.ts
var iso = (value) => value?.toISOString() ?? null;
function later(a, b) {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}
function presentReviewQueue(queue) {
  return { app_version: queue.app_version, marketplace_listing: queue.marketplace_listing };
}
function presentAdminApp2(view) {
  const hasPublished = view.app_id !== null;
  const listingInReview = view.marketplace_listing_in_review_at !== null;
  return {
    id: view.id,
    internal_name: view.internal_name,
    name: view.name,
    owner: { id: view.owner_id, name: view.owner_name, email: view.owner_email },
    app_id: view.app_id,
    live: view.live === true,
    created_at: view.created_at.toISOString(),
    deleted_at: iso(view.deleted_at),
    has_marketplace_listing_in_review: listingInReview,
    has_app_version_in_review: view.app_version_in_review_at !== null,
    has_published_app: hasPublished,
    marketplace_listing_in_review_at: iso(view.marketplace_listing_in_review_at),
    app_version_in_review_at: iso(view.app_version_in_review_at),
    in_review_at: iso(later(view.app_version_in_review_at, view.marketplace_listing_in_review_at)),
    marketplace_listing_review_kind: listingInReview ? hasPublished ? "update" : "new" : null,
    review_queue: presentReviewQueue(view.review_queue)
  };
}
function presentDeveloperRow(row) {
  return {
    id: row.id,
    name: row.name,
    company_name: row.company_name,
    email: row.email,
    platform_id: row.platform_id
  };
}
function presentDeveloper({ user, apps }) {
  return {
    ...presentDeveloperRow(user),
    confirmed: user.confirmed_at !== null,
    confirmed_at: iso(user.confirmed_at),
    is_admin: user.is_admin,
    is_employee: user.is_employee,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    apps: apps.map((app) => ({
      id: app.id,
      internal_name: app.internal_name,
      role: app.role,
      created_at: app.created_at.toISOString(),
      deleted_at: iso(app.deleted_at)
    }))
  };
}
function presentOAuthApplication({
  application,
  app
}) {
  return {
    uid: application.uid,
    name: application.name,
    environment: application.environment,
    href: app ? `/admin/developer_apps/${app.id}` : null,
    developer_app: app ? { id: app.id, internal_name: app.internal_name } : null,
    owner_name: app?.owner_name ?? null,
    owner_email: app?.owner_email ?? null,
    created_at: application.createdAt.toISOString()
  };
}

// apps/server/src/modules/admin-lists/routes.ts
function adminListRoutes(app, service, appScope) {
  const canRead = allow(adminListPolicy.canRead);
  route(app, adminListEndpoints.developerApps, {
    guards: [canRead],
    handler: async (request) => {
      const { rows, total } = await service.developerApps(request.query);
      return { items: rows.map(presentAdminApp2), total };
    }
  });
  route(app, adminListEndpoints.developers, {
    guards: [canRead],
    handler: async (request) => {
      const { rows, total } = await service.developers(request.query);
      return { items: rows.map(presentDeveloperRow), total };
    }
  });
  route(app, adminListEndpoints.developer, {
    guards: [canRead],
    handler: async (request) => presentDeveloper(await service.developer(request.params.id))
  });
  route(app, adminListEndpoints.updateDeveloper, {
    guards: [allow(adminListPolicy.canUpdateDeveloper)],
    handler: async (request) => presentDeveloper(
      await service.updateDeveloper(
        { ...auditActorOf(request), user: requireUser(request) },
        request.params.id,
        request.body.developer
      )
    )
  });
  route(app, adminListEndpoints.oauthApplications, {
    guards: [canRead],
    handler: async (request) => {
      const { rows, total } = await service.oauthApplications(request.query);
      return { items: rows.map(presentOAuthApplication), total };
    }
  });
  route(app, reviewQueueEndpoints.get, {
    guards: [appScope(appFromParams)],
    handler: async (request) => presentReviewQueue(await service.reviewQueueOf(appContextOf(request).app.id))
  });
}

// apps/server/src/modules/analytics/policy.ts
var analyticsPolicy = {
  canRead(user) {
    return user.is_admin;
  }
};

// apps/server/src/modules/analytics/routes.ts
function adminAnalyticsRoutes(app, service) {
  route(app, adminAnalyticsEndpoints.counts, {
    guards: [allow(analyticsPolicy.canRead)],
    handler: async (request) => {
      const { rows, total } = await service.counts(request.query);
      return { items: rows, total };
    }
  });
}

// apps/server/src/modules/audit/policy.ts
var auditPolicy = {
  /** Platform administrators only: it names who changed what, and from which address. */
  canRead(user) {
    return user.is_admin;
  }
};

// apps/server/src/modules/audit/presenter.ts
function presentAuditEvent(event) {
  return {
    id: event.id,
    action: event.action,
    actor: event.actor ? { id: event.actor.id, name: event.actor.name, email: event.actor.email } : null,
    subject_type: event.subject_type,
    subject_id: event.subject_id,
    developer_app_id: event.developer_app_id,
    changes: { before: event.changes.before ?? {}, after: event.changes.after ?? {} },
    client_address: event.client_address,
    created_at: event.created_at.toISOString()
  };
}

// apps/server/src/modules/audit/routes.ts
function auditRoutes(app, service) {
  const canRead = allow(auditPolicy.canRead);
  route(app, auditEndpoints.list, {
    guards: [canRead],
    handler: async (request) => {
      const { rows, total } = await service.list(request.query);
      return { items: rows.map(presentAuditEvent), total };
    }
  });
  route(app, auditEndpoints.actors, {
    guards: [canRead],
    handler: async (request) => service.actors(request.query.search)
  });
}

// apps/server/src/modules/auth/repository.ts
import { sql as sql2 } from "kysely";
function sessionLookup(db, id2, now) {
  return db.selectFrom("sessions as s").innerJoin("users as u", "u.id", "s.user_id").selectAll("u").select([
    "s.id as session_id",
    "s.csrf_token as session_csrf_token",
    "s.created_at as session_created_at",
    "s.last_seen_at as session_last_seen_at",
    "s.expires_at as session_expires_at",
    "s.ip as session_ip",
    "s.user_agent as session_user_agent"
  ]).where("s.id", "=", id2).where("s.expires_at", ">", now);
}
var compiledLookups = /* @__PURE__ */ new WeakMap();
function compiledSessionLookup(db) {
  let compiled2 = compiledLookups.get(db);
  if (!compiled2) {
    const probe = { id: "session-id", now: /* @__PURE__ */ new Date(0) };
    compiled2 = sessionLookup(db, probe.id, probe.now).compile();
    const [first, second, ...rest] = compiled2.parameters;
    if (first !== probe.id || second !== probe.now || rest.length > 0)
      throw new Error(`unexpected parameters of the session lookup: ${compiled2.sql}`);
    compiledLookups.set(db, compiled2);
  }
  return compiled2;
}
var authRepository = {
  findUserByEmail(db, email) {
    return db.selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
  },
  findUser(db, id2) {
    return db.selectFrom("users").selectAll().where("id", "=", id2).executeTakeFirst();
  },
  /** Inserts unless the e-mail is taken; returns undefined when it is (the first account is never touched). */
  insertUser(db, user) {
    return db.insertInto("users").values({ ...user, email: user.email.toLowerCase() }).onConflict((c) => c.column("email").doNothing()).returningAll().executeTakeFirst();
  },
  updateUser(db, id2, changes) {
    return db.updateTable("users").set({ ...changes, updated_at: /* @__PURE__ */ new Date() }).where("id", "=", id2).returningAll().executeTakeFirstOrThrow();
  },
  async insertToken(db, userId, purpose, tokenHash, expiresAt) {
    await db.insertInto("user_tokens").values({ user_id: userId, purpose, token_hash: tokenHash, expires_at: expiresAt }).execute();
  },
  /** Marks a live token used and returns its user id; undefined when unknown, used, expired or another purpose. */
  async consumeToken(db, purpose, tokenHash, now) {
    const row = await db.updateTable("user_tokens").set({ used_at: now }).where("token_hash", "=", tokenHash).where("purpose", "=", purpose).where("used_at", "is", null).where("expires_at", ">", now).returning("user_id").executeTakeFirst();
    return row?.user_id;
  },
  /** Voids the unused tokens of one purpose, so only the newest link works. */
  async revokeTokens(db, userId, purpose, now) {
    await db.updateTable("user_tokens").set({ used_at: now }).where("user_id", "=", userId).where("purpose", "=", purpose).where("used_at", "is", null).execute();
  },
  async insertSession(db, session) {
    await db.insertInto("sessions").values(session).execute();
  },
  /**
   * The live session and its user, in one round trip. This runs on every signed-in request, so its SQL
   * is built and compiled once per database and then sent with each request's parameters.
   */
  async findActiveSession(db, id2, now) {
    const query = { ...compiledSessionLookup(db), parameters: [id2, now] };
    const { rows } = await db.executeQuery(query);
    const row = rows[0];
    if (!row) return void 0;
    const {
      session_id,
      session_csrf_token,
      session_created_at,
      session_last_seen_at,
      session_expires_at,
      session_ip,
      session_user_agent,
      ...user
    } = row;
    return {
      user,
      session: {
        id: session_id,
        user_id: user.id,
        csrf_token: session_csrf_token,
        created_at: session_created_at,
        last_seen_at: session_last_seen_at,
        expires_at: session_expires_at,
        ip: session_ip,
        user_agent: session_user_agent
      }
    };
  },
  async touchSession(db, id2, lastSeenAt, expiresAt) {
    await db.updateTable("sessions").set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where("id", "=", id2).execute();
  },
  async deleteSession(db, id2) {
    await db.deleteFrom("sessions").where("id", "=", id2).execute();
  },
  async deleteSessionsOf(db, userId, exceptId) {
    let query = db.deleteFrom("sessions").where("user_id", "=", userId);
    if (exceptId) query = query.where("id", "!=", exceptId);
    await query.execute();
  },
  async deleteExpiredSessions(db, now) {
    await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
  },
  /**
   * Reserves one failed attempt before the password is checked, atomically (issue 8: twenty requests at
   * once must not all be evaluated): under an advisory lock on the account and on the address, counts the
   * failures since `since` per (account, address), per address and per account, and records one more
   * unless a limit is reached. The caller forgives the reservation when the password was right.
   */
  async reserveAttempt(db, key, since, limits) {
    const { email, ip } = key;
    return db.transaction().execute(async (trx) => {
      await sql2`select pg_advisory_xact_lock(hashtextextended(${`login:${email}`}, 0))`.execute(trx);
      await sql2`select pg_advisory_xact_lock(hashtextextended(${`login-ip:${ip}`}, 0))`.execute(trx);
      const row = await trx.selectFrom("login_attempts").select([
        sql2`count(*) filter (where email = ${email} and ip = ${ip})`.as("pair"),
        sql2`count(*) filter (where ip = ${ip})`.as("ip"),
        sql2`count(*) filter (where email = ${email})`.as("account")
      ]).where("succeeded", "=", false).where("created_at", ">", since).where((eb) => eb.or([eb("email", "=", email), eb("ip", "=", ip)])).executeTakeFirstOrThrow();
      if (Number(row.pair) >= limits.pair) return { limit: "pair" };
      if (Number(row.ip) >= limits.ip) return { limit: "ip" };
      if (Number(row.account) >= limits.account) return { limit: "account" };
      const reserved = await trx.insertInto("login_attempts").values({ email, ip, succeeded: false }).returning("id").executeTakeFirstOrThrow();
      return { id: reserved.id };
    });
  },
  /**
   * The password was right: this address's failures for the account are forgiven (the reservation
   * included) and the success is recorded. Other addresses' failures stay, so an attacker's count does
   * not reset when the owner signs in.
   */
  async forgiveAttempts(db, key) {
    await db.deleteFrom("login_attempts").where("email", "=", key.email).where("ip", "=", key.ip).where("succeeded", "=", false).execute();
    await db.insertInto("login_attempts").values({ email: key.email, ip: key.ip, succeeded: true }).execute();
  },
  async setAdmin(db, email) {
    return db.updateTable("users").set({ is_admin: true, updated_at: /* @__PURE__ */ new Date() }).where("email", "=", email.toLowerCase()).returningAll().executeTakeFirst();
  }
};

// apps/server/src/modules/auth/presenter.ts
function presentUser(row) {
  return {
    id: row.id,
    name: row.name,
    company_name: row.company_name,
    email: row.email,
    is_admin: row.is_admin,
    is_employee: row.is_employee,
    critical_emails: row.critical_emails,
    confirmed_at: row.confirmed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString()
  };
}
function presentSession(row, csrfToken, settings, features) {
  return { user: presentUser(row), csrf_token: csrfToken, support_email: settings.supportEmail, features };
}

// apps/server/src/modules/auth/routes.ts
var REGISTERED = "We have sent you an e-mail. Follow its link to confirm your address.";
var CONFIRMED = "Your e-mail address is confirmed. You can sign in now.";
var RESEND_ACK = "If that address has an unconfirmed account, we have e-mailed a new confirmation link.";
var RESET_ACK = "If an account exists for that address, we have e-mailed a link to reset its password.";
var PASSWORD_CHANGED = "Your password has been changed. You can sign in now.";
function authRoutes(app, service, settings) {
  route(app, authEndpoints.register, {
    handler: async (request) => {
      await service.register(request.body, { ip: request.ip });
      return { message: REGISTERED };
    }
  });
  route(app, authEndpoints.confirm, {
    handler: async (request) => {
      await service.confirm(request.body.token);
      return { message: CONFIRMED };
    }
  });
  route(app, authEndpoints.resendConfirmation, {
    handler: async (request) => {
      await service.resendConfirmation(request.body.email, { ip: request.ip });
      return { message: RESEND_ACK };
    }
  });
  route(app, authEndpoints.getSession, {
    handler: async (request) => presentSession(requireUser(request), request.session?.csrf_token ?? "", settings, service.features())
  });
  route(app, authEndpoints.signIn, {
    handler: async (request, reply) => {
      const cookie2 = request.cookies[SESSION_COOKIE];
      const signedIn = await service.signIn(request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        previousSessionId: cookie2 ? hashToken(cookie2) : void 0
      });
      setSessionCookie(request, reply, signedIn.sessionToken);
      return presentSession(signedIn.user, signedIn.csrfToken, settings, service.features());
    }
  });
  route(app, authEndpoints.signOut, {
    handler: async (request, reply) => {
      if (request.session) await service.signOut(request.session.id);
      clearSessionCookie(request, reply);
      return void 0;
    }
  });
  route(app, authEndpoints.requestPasswordReset, {
    handler: async (request) => {
      await service.requestPasswordReset(request.body.email, { ip: request.ip });
      return { message: RESET_ACK };
    }
  });
  route(app, authEndpoints.resetPassword, {
    handler: async (request) => {
      await service.resetPassword(request.body.token, request.body.password);
      return { message: PASSWORD_CHANGED };
    }
  });
  route(app, authEndpoints.getAccount, {
    handler: async (request) => presentUser(requireUser(request))
  });
  route(app, authEndpoints.updateAccount, {
    handler: async (request) => {
      if (!request.session) throw errors.unauthenticated();
      return presentUser(
        await service.updateAccount(requireUser(request), request.session.id, request.body, {
          ip: request.ip
        })
      );
    }
  });
}

// apps/server/src/modules/changelog/policy.ts
var changelogPolicy = {
  /** Non-public entries: platform administrators and employees only. */
  canSeeNonPublic(actor) {
    return isChangelogStaff(actor);
  },
  /** Switching the documentation branch with custom_service_sha: staff only; anyone else reads the published one. */
  canSwitchBranch(actor) {
    return isChangelogStaff(actor);
  },
  /** Whether one entry shows on the changelog page for this actor (hidden ones never do). */
  canSee(actor, entry) {
    return !entry.hidden && (entry.public || changelogPolicy.canSeeNonPublic(actor));
  },
  /** Writing, editing, hiding: platform administrators only. */
  canManage(user) {
    return user.is_admin;
  }
};

// apps/server/src/modules/changelog/presenter.ts
function presentChangelogEntry(row) {
  return {
    id: row.id,
    summary: row.summary,
    description: row.description,
    endpoint: row.endpoint,
    type: row.type,
    breaking: row.breaking,
    datestamp: row.datestamp,
    versions: row.versions,
    link: row.link,
    public: row.public
  };
}
function presentAdminChangelogEntry(row) {
  return {
    ...presentChangelogEntry(row),
    hidden: row.hidden,
    documentation_branch: row.documentation_branch,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString()
  };
}

// apps/server/src/modules/changelog/routes.ts
function changelogRoutes(app, service) {
  route(app, changelogEndpoints.aggregated, {
    handler: async (request) => {
      const { rows, total } = await service.feed(request.user, request.query);
      return { items: rows.map(presentChangelogEntry), total };
    }
  });
}
function adminChangelogRoutes(app, service) {
  const guards = [allow(changelogPolicy.canManage)];
  route(app, adminChangelogEndpoints.list, {
    guards,
    handler: async (request) => {
      const { rows, total } = await service.list(request.query);
      return { items: rows.map(presentAdminChangelogEntry), total };
    }
  });
  route(app, adminChangelogEndpoints.get, {
    guards,
    handler: async (request) => presentAdminChangelogEntry(await service.find(request.params.id))
  });
  route(app, adminChangelogEndpoints.create, {
    guards,
    handler: async (request) => presentAdminChangelogEntry(await service.create(requireUser(request), request.body))
  });
  route(app, adminChangelogEndpoints.update, {
    guards,
    handler: async (request) => presentAdminChangelogEntry(await service.update(request.params.id, request.body))
  });
}

// apps/server/src/modules/client-errors/limiter.ts
var ReportLimiter = class {
  #perClient;
  #total;
  #windowMs;
  #windowStart = 0;
  #totalCount = 0;
  #counts = /* @__PURE__ */ new Map();
  constructor(options) {
    this.#perClient = options.perClient;
    this.#total = options.total;
    this.#windowMs = options.windowMs;
  }
  /** Counts one report from `client`; false when it is over either bound for the current window. */
  take(client, now = Date.now()) {
    if (now - this.#windowStart >= this.#windowMs) {
      this.#windowStart = now;
      this.#totalCount = 0;
      this.#counts.clear();
    }
    const count = this.#counts.get(client) ?? 0;
    if (count >= this.#perClient || this.#totalCount >= this.#total) return false;
    this.#counts.set(client, count + 1);
    this.#totalCount += 1;
    return true;
  }
};

// apps/server/src/modules/client-errors/routes.ts
var CLIENT_ERROR_RATE = { perClient: 10, total: 300, windowMs: 6e4 };
function loggableReport(report, headerUserAgent) {
  const url2 = report.url ? loggableUrl(report.url.split("#")[0] ?? "") : void 0;
  return {
    message: report.message,
    stack: report.stack || void 0,
    url: url2 || void 0,
    userAgent: (report.user_agent || headerUserAgent)?.slice(0, 500)
  };
}
function clientErrorRoutes(app) {
  const limiter = new ReportLimiter(CLIENT_ERROR_RATE);
  route(app, clientErrorEndpoints.report, {
    handler: async (request) => {
      if (!limiter.take(request.ip)) {
        const refusal = new AppError("too_many_requests", "Too many error reports. Please slow down.");
        refusal.retryAfterSeconds = CLIENT_ERROR_RATE.windowMs / 1e3;
        throw refusal;
      }
      request.log.error(
        { clientError: loggableReport(request.body, request.headers["user-agent"]) },
        "client error"
      );
      return void 0;
    }
  });
}

// apps/server/src/modules/collaborators/policy.ts
var REFUSALS = {
  not_allowed: "You are not allowed to manage collaborators.",
  own_role: "You cannot change your own role.",
  owner_role: "The owner's role cannot be changed; the owner can transfer ownership to another collaborator.",
  owner_only_transfers: "Only the owner can transfer ownership.",
  owner: "The owner cannot be removed; transfer ownership first.",
  self: "You cannot remove yourself from this app."
};
var message = (refusal) => refusal === null ? null : REFUSALS[refusal];
var collaboratorPolicy = {
  /** Changing the team at all (roles, removals, invitations): owner and admins. */
  canManage(access) {
    return access.permissions.canManageCollaborators;
  },
  /** Giving `target` the role `role` (`owner` transfers ownership). */
  roleChangeRefusal(actor, access, target, role) {
    return message(roleChangeRefusal(actor.id, access.permissions, target, role));
  },
  /** Removing `target`: never the owner, never yourself. */
  removalRefusal(actor, access, target) {
    return message(removalRefusal(actor.id, access.permissions, target));
  },
  /** An invitation is accepted only by the account of the e-mail address it was sent to. */
  isInvitee(user, invitation) {
    return isInvitee(user.email, invitation.email);
  }
};

// apps/server/src/modules/collaborators/presenter.ts
function presentCollaborator(row) {
  return {
    id: row.id,
    role: row.role,
    user_id: row.user_id,
    name: row.name,
    email: row.email,
    developer: { name: row.name, email: row.email },
    created_at: row.created_at.toISOString()
  };
}
function presentInvitation(row, now = /* @__PURE__ */ new Date()) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status === "pending" && row.expires_at <= now ? "expired" : row.status,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString()
  };
}
function presentPermissions(context) {
  return {
    developer_app_id: context.app.id,
    role: context.role,
    permissions: context.permissions,
    matrix: permissionMatrix()
  };
}

// apps/server/src/modules/collaborators/routes.ts
function collaboratorRoutes(app, service, appScope) {
  const canManage = collaboratorPolicy.canManage;
  route(app, collaboratorEndpoints.list, {
    guards: [appScope(appFromQuery)],
    handler: async (request) => (await service.list(appContextOf(request))).map(presentCollaborator)
  });
  route(app, collaboratorEndpoints.update, {
    guards: [appScope(appFromBody, canManage)],
    handler: async (request) => (await service.updateRoles(appContextOf(request), request.body.collaborators)).map(presentCollaborator)
  });
  route(app, collaboratorEndpoints.remove, {
    guards: [appScope(appFromQuery, canManage)],
    handler: async (request) => {
      await service.remove(appContextOf(request), request.params.id);
      return void 0;
    }
  });
  route(app, collaboratorEndpoints.invitations, {
    guards: [appScope(appFromQuery)],
    handler: async (request) => {
      const now = /* @__PURE__ */ new Date();
      const rows = await service.invitations(appContextOf(request), now);
      return rows.map((row) => presentInvitation(row, now));
    }
  });
  route(app, collaboratorEndpoints.invite, {
    guards: [appScope(appFromBody, canManage)],
    handler: async (request) => {
      const now = /* @__PURE__ */ new Date();
      return presentInvitation(
        await service.invite(appContextOf(request), request.body, { ip: request.ip }, now),
        now
      );
    }
  });
  route(app, collaboratorEndpoints.cancelInvitation, {
    guards: [appScope(appFromBody, canManage)],
    handler: async (request) => {
      const now = /* @__PURE__ */ new Date();
      return presentInvitation(
        await service.cancelInvitation(appContextOf(request), request.params.id, now),
        now
      );
    }
  });
  route(app, collaboratorEndpoints.acceptInvitation, {
    handler: async (request) => service.accept(requireUser(request), request.body.token)
  });
  route(app, collaboratorEndpoints.permissions, {
    guards: [appScope(appFromQuery)],
    handler: async (request) => presentPermissions(appContextOf(request))
  });
}

// apps/server/src/modules/credentials/policy.ts
var credentialPolicy = {
  /** Resetting a secret (resetSecrets): owner and admin. */
  canReset: (access) => access.permissions.canModifyCredentials,
  /** Revealing the production secret once: owner and admin, as resetting it. */
  canReveal: (access) => access.permissions.canModifyCredentials
};

// apps/server/src/modules/credentials/routes.ts
function credentialRoutes(app, credentials, appScope) {
  const oauthApp = async (request) => {
    const params = credentialEndpoints.resetSecret.params.safeParse(request.params);
    return params.success ? credentials.appOf(params.data.uid) : void 0;
  };
  route(app, credentialEndpoints.resetSecret, {
    guards: [appScope(oauthApp, credentialPolicy.canReset)],
    handler: async (request) => presentSecret(
      await credentials.resetSecret(appContextOf(request), request.params.uid, auditActorOf(request))
    )
  });
  route(app, credentialEndpoints.revealSecret, {
    guards: [appScope(oauthApp, credentialPolicy.canReveal)],
    handler: async (request) => ({
      app_secret: await credentials.revealSecret(appContextOf(request), request.params.uid)
    })
  });
}

// apps/server/src/modules/developer-apps/routes.ts
function changedFields(body) {
  const changes = typeof body === "object" && body !== null ? body.developer_app : void 0;
  return typeof changes === "object" && changes !== null ? Object.keys(changes) : [];
}
function developerAppRoutes(app, service, appScope) {
  route(app, developerAppEndpoints.list, {
    handler: async (request) => {
      const { items, total } = await service.list(requireUser(request), request.query);
      return { items: items.map(presentSummary3), total };
    }
  });
  route(app, developerAppEndpoints.create, {
    handler: async (request) => presentApp(await service.create(requireUser(request), request.body.internal_name))
  });
  route(app, developerAppEndpoints.get, {
    guards: [appScope(appFromParams)],
    handler: async (request) => presentApp(await service.get(appContextOf(request)))
  });
  route(app, developerAppEndpoints.update, {
    guards: [
      appScope(
        appFromParams,
        (access, request) => developerAppPolicy.canUpdate(
          access,
          request.isMultipart() ? ["thumbnail"] : changedFields(request.body)
        )
      )
    ],
    handler: async (request) => presentApp(await service.update(appContextOf(request), request.body.developer_app))
  });
  route(app, developerAppEndpoints.destroy, {
    guards: [appScope(appFromParams, "canDestroy")],
    handler: async (request) => {
      await service.destroy(appContextOf(request));
      return void 0;
    }
  });
  route(app, developerAppEndpoints.thumbnail, {
    guards: [appScope(appFromParams)],
    handler: async (request) => {
      const { stream, size, contentType } = await service.thumbnail(appContextOf(request));
      return { body: stream, size, contentType, cacheControl: "private, max-age=31536000, immutable" };
    }
  });
}

// apps/server/src/modules/listings/policy.ts
var listingPolicy = {
  canSave(access) {
    return access.permissions.canEdit;
  },
  canSubmit(access) {
    return access.permissions.canSubmitMarketplaceApp;
  },
  canReview(user) {
    return user.is_admin;
  }
};

// apps/server/src/modules/listings/routes.ts
function listingRoutes(app, service, appScope) {
  route(app, listingReferenceEndpoints.categories, {
    handler: async () => (await service.referenceData()).categories
  });
  route(app, listingReferenceEndpoints.regions, {
    handler: async () => (await service.referenceData()).regions
  });
  route(app, listingReferenceEndpoints.productTools, {
    handler: async () => (await service.referenceData()).productTools
  });
  route(app, listingReferenceEndpoints.settings, {
    handler: async () => ({ security_and_compliance_enabled: service.securityAndComplianceEnabled })
  });
  route(app, listingReferenceEndpoints.securityStandards, {
    handler: async () => (await service.referenceData()).securityStandards
  });
  const appFromSubmission = async (request) => {
    const parsed = id.safeParse(request.params.id);
    return parsed.success ? service.appOf(parsed.data) : void 0;
  };
  route(app, listingEndpoints.current, {
    guards: [appScope(appFromParams)],
    handler: async (request) => {
      const view = await service.current(request.params.id, requireUser(request).is_admin);
      return view ? presentSubmission(view) : null;
    }
  });
  route(app, listingEndpoints.create, {
    guards: [appScope(appFromParams, listingPolicy.canSave)],
    handler: async (request) => {
      const context = appContextOf(request);
      const { view } = await service.save(
        {
          user: context.user,
          admin: false,
          canSubmit: listingPolicy.canSubmit(context),
          clientAddress: request.ip
        },
        context.app.id,
        null,
        request.body.submission
      );
      return presentSubmission(view);
    }
  });
  route(app, listingEndpoints.get, {
    guards: [appScope(appFromSubmission)],
    handler: async (request) => {
      const context = appContextOf(request);
      return presentSubmission(await service.get(context.app.id, request.params.id, context.user.is_admin));
    }
  });
  route(app, listingEndpoints.update, {
    guards: [appScope(appFromSubmission, listingPolicy.canSave)],
    handler: async (request) => {
      const context = appContextOf(request);
      const { view } = await service.save(
        {
          user: context.user,
          admin: false,
          canSubmit: listingPolicy.canSubmit(context),
          clientAddress: request.ip
        },
        context.app.id,
        request.params.id,
        request.body.submission
      );
      return presentSubmission(view);
    }
  });
  route(app, listingEndpoints.media, {
    guards: [appScope(appFromSubmission)],
    handler: async (request) => {
      const context = appContextOf(request);
      const file = await service.mediaFile(context.app.id, request.params.id, request.params.media_id);
      return {
        body: file.stream,
        size: file.size,
        contentType: file.contentType,
        filename: file.filename,
        cacheControl: "private, max-age=31536000, immutable"
      };
    }
  });
  const canReview = allow(listingPolicy.canReview);
  route(app, adminListingEndpoints.update, {
    guards: [canReview],
    handler: async (request) => {
      const user = requireUser(request);
      const appId2 = await service.appOf(request.params.id);
      const { view } = await service.save(
        { user, admin: true, canSubmit: true, clientAddress: request.ip },
        appId2,
        request.params.id,
        request.body.submission
      );
      return presentSubmission(view);
    }
  });
  route(app, adminListingEndpoints.create, {
    guards: [canReview],
    handler: async (request, reply) => {
      const user = requireUser(request);
      await service.requireApp(request.params.id);
      const { view, created } = await service.save(
        { user, admin: true, canSubmit: true, clientAddress: request.ip },
        request.params.id,
        null,
        request.body.submission
      );
      if (!created) reply.status(200);
      return presentSubmission(view);
    }
  });
  route(app, videoHostEndpoints.media, {
    handler: async (request) => {
      const video = await service.hostedVideo(request.params.hashed_id);
      return {
        body: video.stream,
        size: video.size,
        contentType: video.contentType,
        cacheControl: "public, max-age=31536000, immutable"
      };
    }
  });
}

// packages/shared/src/manifests/view-keys.ts
var VIEW_KEYS = [
  "budgeting.budget_changes.list",
  "budgeting.change_history.list",
  "budgeting.detail",
  "budgeting.forecasting.detail",
  "budgeting.list",
  "change_events.detail",
  "change_events.edit",
  "change_events.list",
  "change_events.new",
  "commitments.commitment_contract_change_orders.detail",
  "commitments.commitment_contract_change_orders.edit",
  "commitments.commitment_contract_change_orders.new",
  "commitments.contracts.list",
  "commitments.purchase_order_contracts.detail",
  "commitments.purchase_order_contracts.edit",
  "commitments.purchase_order_contracts.new",
  "commitments.requisitions.detail",
  "commitments.requisitions.edit",
  "commitments.requisitions.new",
  "commitments.work_order_contracts.detail",
  "commitments.work_order_contracts.edit",
  "commitments.work_order_contracts.new",
  "correspondence.detail",
  "incidents.detail",
  "incidents.edit",
  "incidents.list",
  "incidents.new",
  "inspections.detail",
  "observations.edit",
  "observations.list",
  "prime_contracts.change_orders.detail",
  "prime_contracts.change_orders.potential_change_orders.detail",
  "prime_contracts.change_orders.potential_change_orders.new",
  "prime_contracts.detail",
  "prime_contracts.invoices.list",
  "prime_contracts.new",
  "prime_contracts.payment_applications.detail",
  "prime_contracts.payment_applications.edit",
  "prime_contracts.payment_applications.new",
  "project_directory.person.edit",
  "project_directory.vendors.edit",
  "rfi.detail",
  "schedule.calendar.list",
  "schedule.calendar.lookaheads.list",
  "schedule.calendar.month.list",
  "schedule.calendar.task.detail",
  "schedule.calendar.task.list",
  "submittal_logs.detail"
];

// packages/shared/src/manifests/views.ts
var ALL_SUFFIX = ".all";
function viewsUnder(prefix, keys = VIEW_KEYS) {
  return keys.filter((key) => key.startsWith(`${prefix}.`));
}
function isKnownView(view, keys = VIEW_KEYS) {
  if (keys.includes(view)) return true;
  if (!view.endsWith(ALL_SUFFIX)) return false;
  const prefix = view.slice(0, -ALL_SUFFIX.length);
  return prefix !== "" && viewsUnder(prefix, keys).length > 0;
}

// packages/shared/src/manifests/rules.ts
var RULE_MESSAGES = {
  required: "This field is required",
  url: "A valid URL is required",
  view: "At least one view is required",
  parameter: "Key, name, and description are required to add another parameter",
  notValidForSaving: "Please fill in the required fields below before creating a version."
};
function pointerToken(token2) {
  return String(token2).replaceAll("~", "~0").replaceAll("/", "~1");
}
function pointerOf(...tokens) {
  return tokens.map((t) => `/${pointerToken(t)}`).join("");
}
function pointerTokens(pointer) {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
}
var PLATFORM_PLACEHOLDERS = [
  "procore.company.id",
  "procore.company.name",
  "procore.project.id",
  "procore.project.name"
];
var RESERVED_KEY_PREFIX = "procore";
var PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
function isComponentUrl(value) {
  if (typeof value !== "string" || value.trim() === "" || value.length > MANIFEST_LIMITS.url) return false;
  if (/[\s]/.test(value.trim())) return false;
  let url2;
  try {
    url2 = new URL(value.trim().replace(PLACEHOLDER, "x"));
  } catch {
    return false;
  }
  if (url2.protocol !== "https:" && url2.protocol !== "http:") return false;
  return url2.hostname !== "" && url2.username === "" && url2.password === "";
}
function placeholderProblems(url2, keys) {
  const unknown = [];
  for (const match of url2.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? "";
    if (!PLATFORM_PLACEHOLDERS.includes(name) && !keys.includes(name))
      unknown.push(name);
  }
  return unknown;
}
var KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
function keyProblems(key, pointer) {
  if (!KEY.test(key) || key.length > MANIFEST_LIMITS.parameterKey)
    return [
      {
        pointer,
        message: `the key "${key}" must be letters, digits and underscores, not starting with a digit, at most ${MANIFEST_LIMITS.parameterKey} characters`
      }
    ];
  if (key.toLowerCase().startsWith(RESERVED_KEY_PREFIX))
    return [
      {
        pointer,
        message: `the key "${key}" must not start with the platform prefix "${RESERVED_KEY_PREFIX}"`
      }
    ];
  return [];
}
function parametersOf(schema) {
  const properties = isRecord(schema?.properties) ? schema.properties : {};
  const required2 = Array.isArray(schema?.required) ? schema.required : [];
  return Object.entries(properties).map(([key, value]) => {
    const p = isRecord(value) ? value : {};
    return {
      key,
      name: typeof p.name === "string" ? p.name : "",
      description: typeof p.description === "string" ? p.description : "",
      required: required2.includes(key)
    };
  });
}
function configurationProblems(schema, at) {
  if (!isRecord(schema)) return [];
  const problems = [];
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const keys = Object.keys(properties);
  for (const key of keys) {
    if (key.toLowerCase().startsWith(RESERVED_KEY_PREFIX))
      problems.push(...keyProblems(key, `${at}/properties/${pointerToken(key)}`));
  }
  if (Array.isArray(schema.required)) {
    schema.required.forEach((name, index) => {
      if (typeof name === "string" && !keys.includes(name))
        problems.push({
          pointer: `${at}/required/${index}`,
          message: `"${name}" is not one of the parameters`
        });
    });
  }
  return problems;
}
function componentProblems(component, at, options = {}) {
  const urlField = options.urlField ?? "source_url";
  const problems = [];
  const type = component.type;
  if (type !== "sidepanel" && type !== "fullscreen") {
    problems.push({ pointer: `${at}/type`, message: RULE_MESSAGES.required });
    return problems;
  }
  if (type === "sidepanel" && options.governmentCloud)
    problems.push({ pointer: `${at}/type`, message: "side panels are not available in this environment" });
  const url2 = component[urlField];
  if (!isComponentUrl(url2)) problems.push({ pointer: `${at}/${urlField}`, message: RULE_MESSAGES.url });
  const schemaPath = options.schemaPath ?? ["user_configuration", "schema"];
  const schema = schemaPath.reduce((v, k) => isRecord(v) ? v[k] : void 0, component);
  const keys = parametersOf(isRecord(schema) ? schema : null).map((p) => p.key);
  if (typeof url2 === "string") {
    for (const name of placeholderProblems(url2, keys)) {
      problems.push({
        pointer: `${at}/${urlField}`,
        message: `the placeholder {{${name}}} is neither a platform value nor one of the component's parameter keys`
      });
    }
  }
  problems.push(
    ...configurationProblems(isRecord(schema) ? schema : null, `${at}${pointerOf(...schemaPath)}`)
  );
  const views2 = component.views;
  if (type === "sidepanel") {
    if (!Array.isArray(views2) || views2.length === 0)
      problems.push({ pointer: `${at}/views`, message: RULE_MESSAGES.view });
    else
      views2.forEach((view, index) => {
        if (typeof view === "string" && !isKnownView(view))
          problems.push({ pointer: `${at}/views/${index}`, message: `unknown view key "${view}"` });
      });
  } else if (Array.isArray(views2) && views2.length > 0) {
    problems.push({ pointer: `${at}/views`, message: "a full-screen component has no views" });
  }
  return problems;
}
function normalizeComponent(component) {
  if (component.type !== "fullscreen" || !("views" in component)) return component;
  const { views: _dropped, ...rest } = component;
  return rest;
}
var filled = (v) => typeof v === "string" && v.trim() !== "";
function postInstallationProblems(value, at) {
  if (!isRecord(value)) return [];
  const page = isRecord(value.page) ? value.page : {};
  const fields = [
    { pointer: `${at}/notes`, value: value.notes },
    { pointer: `${at}/page/label`, value: page.label },
    { pointer: `${at}/page/url`, value: page.url }
  ];
  const given = fields.filter((f) => filled(f.value));
  const problems = given.length === 0 || given.length === 3 ? [] : fields.filter((f) => !filled(f.value)).map((f) => ({ pointer: f.pointer, message: RULE_MESSAGES.required }));
  if (filled(page.url) && !isComponentUrl(page.url))
    problems.push({ pointer: `${at}/page/url`, message: RULE_MESSAGES.url });
  return problems;
}
function isCompletePostInstallation(value) {
  return isRecord(value) && filled(value.notes) && isRecord(value.page) && filled(value.page.label) && filled(value.page.url);
}
function cleanPostInstallation(value) {
  if (!value || typeof value !== "object") return void 0;
  const page = value.page && typeof value.page === "object" ? value.page : {};
  const notes = typeof value.notes === "string" ? value.notes.trim() : "";
  const label = typeof page.label === "string" ? page.label.trim() : "";
  const url2 = typeof page.url === "string" ? page.url.trim() : "";
  if (!notes && !label && !url2) return void 0;
  return label || url2 ? { notes, page: { label, url: url2 } } : { notes };
}
function permissionsProblems(permissions, at) {
  if (!isRecord(permissions)) return [];
  const problems = [];
  for (const scope of ["company", "project"]) {
    const tools = permissions[scope];
    if (!isRecord(tools)) continue;
    for (const [name, level] of Object.entries(tools)) {
      if (typeof level !== "string" || !MANIFEST_PERMISSION_LEVELS.includes(level))
        continue;
      const problem = permissionProblem(scope, name, level);
      if (problem) problems.push({ pointer: `${at}/${scope}/${pointerToken(name)}`, message: problem });
    }
  }
  return problems;
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function manifestRuleProblems(manifest, options = {}) {
  const problems = [];
  problems.push(
    ...postInstallationProblems(
      manifest.post_installation_instruction,
      "/post_installation_instruction"
    )
  );
  if (String(manifest.schema_version).startsWith("3")) {
    const components = isRecord(manifest.components) ? manifest.components : {};
    const iframe = isRecord(components.iframe) ? components.iframe : {};
    const instances = Array.isArray(iframe.instances) ? iframe.instances : [];
    instances.forEach((instance, index) => {
      if (isRecord(instance))
        problems.push(
          ...componentProblems(instance, `/components/iframe/instances/${index}`, {
            urlField: "iframe_src",
            governmentCloud: options.governmentCloud,
            schemaPath: ["configuration", "schema"]
          })
        );
    });
    return problems;
  }
  for (const type of ["fullscreen", "sidepanel"]) {
    const component = manifest[type];
    if (isRecord(component))
      problems.push(
        ...componentProblems({ ...component, type }, `/${type}`, {
          governmentCloud: options.governmentCloud
        })
      );
  }
  problems.push(...permissionsProblems(manifest.permissions, "/permissions"));
  return problems;
}

// packages/shared/src/manifests/configured.ts
function nonEmpty(levels3) {
  return levels3 && Object.keys(levels3).length > 0 ? levels3 : void 0;
}
function permissionsOf(form) {
  if (form.service_account_enabled === false || !form.permissions) return void 0;
  const company = nonEmpty(form.permissions.company);
  const project = nonEmpty(form.permissions.project);
  if (!company && !project) return void 0;
  return { ...company ? { company } : {}, ...project ? { project } : {} };
}
function isValidForSaving(form) {
  if (!form) return false;
  const permissions = permissionsOf(form);
  return Boolean(
    form.auth_code_enabled || form.fullscreen || form.sidepanel || permissions?.project || permissions?.company || isCompletePostInstallation(form.post_installation_instruction)
  );
}
function configuredProblems(form, options = {}) {
  const problems = [];
  if (!isValidForSaving(form))
    problems.push({
      pointer: "",
      message: "Please fill in the required fields below before creating a version."
    });
  for (const slot of ["sidepanel", "fullscreen"]) {
    const component = form[slot];
    if (!component) continue;
    if (component.type !== slot)
      problems.push({ pointer: `/${slot}/type`, message: `must be ${slot} in the ${slot} slot` });
    else problems.push(...componentProblems(component, `/${slot}`, options));
  }
  problems.push(
    ...postInstallationProblems(
      form.post_installation_instruction,
      "/post_installation_instruction"
    )
  );
  if (form.service_account_enabled !== false)
    problems.push(...permissionsProblems(form.permissions, "/permissions"));
  return problems;
}
function componentContent(component, uuid2) {
  if (!component) return void 0;
  const normalized = normalizeComponent(component);
  const properties = normalized.user_configuration?.schema?.properties ?? {};
  const out = {
    uuid: normalized.uuid || uuid2(),
    source_url: normalized.source_url.trim()
  };
  if (normalized.description?.trim()) out.description = normalized.description.trim();
  if (normalized.type === "sidepanel") out.views = [...normalized.views ?? []];
  if (Object.keys(properties).length > 0) {
    out.user_configuration = {
      schema: {
        type: "object",
        required: (normalized.user_configuration?.schema?.required ?? []).filter((k) => k in properties),
        properties: Object.fromEntries(
          Object.entries(properties).map(([key, p]) => [
            key,
            {
              name: p.name,
              type: "string",
              description: p.description,
              ...p.support_link ? { support_link: p.support_link } : {}
            }
          ])
        )
      }
    };
  }
  return out;
}
function toManifestContent(form, app, uuid2 = () => crypto.randomUUID()) {
  const content = {
    schema_version: "4.1",
    app_manifest: { uid: app.uid, name: app.name }
  };
  const instructions = cleanPostInstallation(form.post_installation_instruction);
  if (instructions) content.post_installation_instruction = instructions;
  const fullscreen = componentContent(form.fullscreen, uuid2);
  if (fullscreen) content.fullscreen = fullscreen;
  const sidepanel = componentContent(form.sidepanel, uuid2);
  if (sidepanel) content.sidepanel = sidepanel;
  const permissions = permissionsOf(form);
  if (permissions) content.permissions = permissions;
  return content;
}
function parametersAreStrings(schema) {
  if (!isRecord(schema)) return true;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return Object.values(properties).every((p) => isRecord(p) && (p.type === void 0 || p.type === "string"));
}
function formComponent(type, source, url2, schema) {
  const component = { type, source_url: typeof url2 === "string" ? url2 : "" };
  if (typeof source.uuid === "string") component.uuid = source.uuid;
  if (typeof source.description === "string") component.description = source.description;
  if (type === "sidepanel")
    component.views = Array.isArray(source.views) ? source.views.filter((v) => typeof v === "string") : [];
  if (isRecord(schema) && isRecord(schema.properties) && Object.keys(schema.properties).length > 0) {
    component.user_configuration = {
      schema: {
        type: "object",
        properties: Object.fromEntries(
          Object.entries(schema.properties).map(([key, p]) => {
            const param = isRecord(p) ? p : {};
            return [
              key,
              {
                name: typeof param.name === "string" ? param.name : "",
                type: "string",
                description: typeof param.description === "string" ? param.description : "",
                ...isRecord(param.support_link) ? { support_link: param.support_link } : {}
              }
            ];
          })
        ),
        required: Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === "string") : []
      }
    };
  }
  return component;
}
function fromManifestContent(content, authCodeEnabled = false) {
  if (!isRecord(content)) return { ok: false, reason: "the manifest is not a JSON object" };
  const version = content.schema_version;
  const form = {};
  if (isRecord(content.post_installation_instruction)) {
    const p = content.post_installation_instruction;
    const page = isRecord(p.page) ? p.page : void 0;
    form.post_installation_instruction = {
      notes: typeof p.notes === "string" ? p.notes : "",
      page: {
        label: typeof page?.label === "string" ? page.label : "",
        url: typeof page?.url === "string" ? page.url : ""
      }
    };
  }
  if (version === "4.1") {
    for (const type of ["fullscreen", "sidepanel"]) {
      const c = content[type];
      if (!isRecord(c)) continue;
      const schema = isRecord(c.user_configuration) ? c.user_configuration.schema : void 0;
      if (!parametersAreStrings(schema))
        return { ok: false, reason: `the ${type} has a parameter that is not a string` };
      form[type] = formComponent(type, c, c.source_url, schema);
    }
    const permissions = isRecord(content.permissions) ? content.permissions : {};
    const company = isRecord(permissions.company) ? permissions.company : {};
    const project = isRecord(permissions.project) ? permissions.project : {};
    form.permissions = { company, project };
    form.service_account_enabled = Object.keys(company).length + Object.keys(project).length > 0;
    form.auth_code_enabled = authCodeEnabled;
    return { ok: true, configured: form };
  }
  if (typeof version === "string" && /^3(\.\d+)?$/.test(version)) {
    const components = isRecord(content.components) ? content.components : {};
    const iframe = isRecord(components.iframe) && Array.isArray(components.iframe.instances) ? components.iframe.instances : [];
    for (const instance of iframe) {
      if (!isRecord(instance) || instance.type !== "sidepanel" && instance.type !== "fullscreen")
        return { ok: false, reason: "an iframe component has no known type" };
      if (form[instance.type])
        return { ok: false, reason: `the manifest has more than one ${instance.type} component` };
      const schema = isRecord(instance.configuration) ? instance.configuration.schema : void 0;
      if (!parametersAreStrings(schema))
        return { ok: false, reason: `the ${instance.type} has a parameter that is not a string` };
      form[instance.type] = formComponent(instance.type, instance, instance.iframe_src, schema);
    }
    const oauth = isRecord(components.oauth) && Array.isArray(components.oauth.instances) ? components.oauth.instances : [];
    const grants = oauth.filter(isRecord).map((i) => i.grant_type);
    form.auth_code_enabled = authCodeEnabled || grants.includes("authorization_code");
    form.service_account_enabled = grants.includes("client_credentials");
    form.permissions = { company: {}, project: {} };
    return { ok: true, configured: form };
  }
  return { ok: false, reason: `schema version ${JSON.stringify(version)} is not one the builder knows` };
}
function authCodeEnabledOf(content) {
  if (!isRecord(content) || !isRecord(content.components)) return false;
  const oauth = content.components.oauth;
  return isRecord(oauth) && Array.isArray(oauth.instances) && oauth.instances.some((i) => isRecord(i) && i.grant_type === "authorization_code");
}

// packages/shared/src/manifests/templates.ts
var MANIFEST_TEMPLATES = {
  "3": {
    schema_version: "3.2",
    app_manifest: { id: "generated" },
    components: {
      oauth: { instances: [{ grant_type: "authorization_code" }] }
    }
  },
  "4.1": {
    schema_version: "4.1",
    app_manifest: { uid: "generated", name: "generated" }
  }
};
var parameters = {
  schema: {
    type: "object",
    required: ["tenant"],
    properties: { tenant: { name: "Tenant", type: "string", description: "Your tenant name." } }
  }
};
var v3Fullscreen = {
  name: "My app",
  type: "fullscreen",
  required: false,
  description: "What the full-screen app shows.",
  iframe_src: "https://example.com/{{tenant}}/app?company={{procore.company.id}}",
  configuration: parameters
};
var v3Sidepanel = {
  name: "My side panel",
  type: "sidepanel",
  views: ["rfi.detail"],
  required: false,
  description: "What the side panel shows.",
  iframe_src: "https://example.com/{{tenant}}/panel?project={{procore.project.id}}",
  configuration: parameters
};
var v3Oauth = { grant_type: "authorization_code" };
function manifestSnippets(version, hasExistingManifest) {
  if (version === "4.1") {
    const fullscreen = {
      source_url: "https://example.com/{{tenant}}/dashboard?project={{procore.project.id}}",
      description: "What the full-screen app shows.",
      user_configuration: parameters
    };
    return {
      // 4.1 has no oauth instances: the data connector is the service account's permissions.
      oauth: { permissions: { company: { directory: "readonly" }, project: { rfi: "readonly" } } },
      iframe: { fullscreen },
      fullscreen: { fullscreen },
      sidepanel: {
        sidepanel: {
          source_url: "https://example.com/{{tenant}}/panel",
          description: "What the side panel shows.",
          views: ["rfi.detail"],
          user_configuration: parameters
        }
      }
    };
  }
  const whole = (component, instance) => hasExistingManifest ? instance : { ...MANIFEST_TEMPLATES["3"], components: { [component]: { instances: [instance] } } };
  return {
    oauth: whole("oauth", v3Oauth),
    iframe: whole("iframe", v3Fullscreen),
    fullscreen: whole("iframe", v3Fullscreen),
    sidepanel: whole("iframe", v3Sidepanel)
  };
}

// apps/server/src/modules/manifests/policy.ts
var manifestPolicy = {
  /** Lists, one version, validation, templates: anyone who sees the app. */
  canRead(_access) {
    return true;
  },
  /** Create a sandbox version: owner and admins (canModifyManifests), while the switch allows it. */
  canCreate(access, switches) {
    return access.permissions.canModifyManifests && switches.canCreateSandboxManifests;
  },
  /** Promote a sandbox version: owner and admins. */
  canPromote(access) {
    return access.permissions.canModifyManifests;
  },
  /**
   * A review action: submit and withdraw by the app's owner and admins (and platform administrators, who
   * see those buttons too, spec 2 §4); approve and reject by platform administrators only.
   */
  canReview(access, user, action) {
    if (user.is_admin) return true;
    return REVIEW_ACTORS[action] === "developer" && access.permissions.canModifyManifests;
  }
};

// apps/server/src/modules/manifests/routes.ts
var field2 = (source, name) => typeof source === "object" && source !== null ? source[name] : void 0;
function parseId2(value) {
  const parsed = id.safeParse(value);
  return parsed.success ? parsed.data : void 0;
}
function manifestRoutes(app, service, appScope) {
  const appFromFilters = (request) => parseId2(field2(field2(request.query, "filters"), "developer_app_id"));
  const appFromVersion = async (request) => {
    const versionId = parseId2(field2(request.params, "id"));
    return versionId === void 0 ? void 0 : service.appOfVersion(versionId);
  };
  const appFromSource = async (request) => {
    const versionId = parseId2(field2(field2(request.body, "app_version_promotion"), "source_app_version_id"));
    return versionId === void 0 ? void 0 : service.appOfVersion(versionId);
  };
  route(app, manifestEndpoints.list, {
    guards: [appScope(appFromFilters, manifestPolicy.canRead)],
    handler: async (request) => {
      const { filters, page, per_page } = request.query;
      const { items, total } = await service.list(appContextOf(request), filters.versionable_type, {
        page,
        per_page
      });
      return { items: items.map((v) => presentSummary2(v.row, v.flags)), total };
    }
  });
  route(app, manifestEndpoints.get, {
    guards: [appScope(appFromVersion, manifestPolicy.canRead)],
    handler: async (request) => {
      const v = await service.get(appContextOf(request), request.params.id);
      return presentManifest(v.row, v.flags);
    }
  });
  route(app, manifestEndpoints.create, {
    guards: [appScope(appFromBody, (access) => manifestPolicy.canCreate(access, service.switches))],
    handler: async (request) => {
      const v = await service.create(appContextOf(request), request.body);
      return presentManifest(v.row, v.flags);
    }
  });
  route(app, manifestEndpoints.promote, {
    guards: [appScope(appFromSource, manifestPolicy.canPromote)],
    handler: async (request) => {
      const v = await service.promote(appContextOf(request), {
        ...request.body.app_version_promotion,
        ...request.body.developer_app_id !== void 0 ? { developer_app_id: request.body.developer_app_id } : {}
      });
      return presentManifest(v.row, v.flags);
    }
  });
  route(app, manifestEndpoints.review, {
    guards: [appScope(appFromVersion, manifestPolicy.canRead)],
    handler: async (request) => {
      const v = await service.review(
        appContextOf(request),
        request.params.id,
        request.body.app_version,
        auditActorOf(request)
      );
      return presentManifest(v.row, v.flags);
    }
  });
  route(app, manifestEndpoints.validate, {
    guards: [appScope(appFromQuery, manifestPolicy.canRead)],
    handler: async (request) => ({
      errors: service.validate(request.body.manifest.content, request.query.environment_type)
    })
  });
  route(app, manifestEndpoints.templates, {
    handler: async () => MANIFEST_TEMPLATES
  });
  route(app, manifestEndpoints.snippets, {
    handler: async (request) => manifestSnippets(request.params.version, request.query.has_existing_manifest ?? false)
  });
  route(app, manifestEndpoints.permissions, {
    handler: async () => ({
      levels: PERMISSION_LEVELS.map((l) => ({ ...l })),
      company: PERMISSION_CATALOGUE.company,
      project: PERMISSION_CATALOGUE.project
    })
  });
  route(app, manifestEndpoints.views, {
    handler: async () => ({ views: [...VIEW_KEYS] })
  });
  route(app, analyticsEndpoints.track, {
    handler: async (request) => {
      await service.track(requireUser(request), request.body.key, request.body.additional_properties);
      return void 0;
    }
  });
}

// apps/server/src/modules/marketplace/routes.ts
import { randomUUID } from "node:crypto";

// apps/server/src/modules/marketplace/presenter.ts
var publicMediaUrl = (appId2, mediaId) => `/api/v1/marketplace/apps/${appId2}/media/${mediaId}`;
function presentListingSummary(row, reference) {
  return {
    id: row.developer_app_id,
    public_name: row.public_name ?? "",
    tagline: row.tagline,
    built_by: row.built_by,
    small_logo_url: row.logo_media_id ? publicMediaUrl(row.developer_app_id, row.logo_media_id) : null,
    categories: row.category_ids.flatMap(
      (id2) => reference.categories.filter((category) => category.id === id2)
    ),
    published_at: row.published_at?.toISOString() ?? null
  };
}
function presentMarketplaceApp(view) {
  const submission = presentSubmission(view);
  const appId2 = submission.developer_app_id;
  const media2 = (item) => ({ ...item, url: publicMediaUrl(appId2, item.id) });
  return {
    ...submission,
    admin_message: null,
    rejection_reasons: [],
    notes: null,
    draft_developer_notes: null,
    security_questionnaire: submission.security_questionnaire_visible ? submission.security_questionnaire : null,
    security_questionnaire_document: null,
    small_logo: submission.small_logo ? media2(submission.small_logo) : null,
    small_logo_url: submission.small_logo ? publicMediaUrl(appId2, submission.small_logo.id) : null,
    pictures: submission.pictures.map(media2),
    videos: submission.videos.map(media2),
    showcase_video: submission.showcase_video ? media2(submission.showcase_video) : null
  };
}
function presentInstallation(installation) {
  return {
    id: installation.id,
    company_name: installation.companyName,
    company_is_demo: installation.companyIsDemo,
    status: installation.status,
    installed_at: installation.installedAt.toISOString(),
    updated_at: installation.updatedAt.toISOString()
  };
}
function presentAdminInstallation(installation) {
  return { ...presentInstallation(installation), user_email_address: installation.userEmailAddress };
}

// apps/server/src/modules/marketplace/routes.ts
var VISITOR_COOKIE = "lintel_visitor";
function visitorKeyOf(request, reply) {
  if (request.user) return `user:${request.user.id}`;
  const known = request.cookies[VISITOR_COOKIE];
  if (known && /^[0-9a-f-]{36}$/.test(known)) return `visitor:${known}`;
  const fresh = randomUUID();
  reply.setCookie(VISITOR_COOKIE, fresh, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 365 * 24 * 3600,
    secure: request.protocol === "https"
  });
  return `visitor:${fresh}`;
}
function marketplaceRoutes(app, service) {
  route(app, marketplaceEndpoints.list, {
    handler: async (request) => {
      const [{ rows, total }, reference] = await Promise.all([
        service.list(request.query),
        service.referenceData()
      ]);
      return { items: rows.map((row) => presentListingSummary(row, reference)), total };
    }
  });
  route(app, marketplaceEndpoints.categories, {
    handler: async () => (await service.referenceData()).categories
  });
  route(app, marketplaceEndpoints.get, {
    handler: async (request, reply) => presentMarketplaceApp(await service.view(request.params.id, visitorKeyOf(request, reply)))
  });
  route(app, marketplaceEndpoints.media, {
    handler: async (request) => {
      const file = await service.mediaFile(request.params.id, request.params.media_id);
      return {
        body: file.stream,
        size: file.size,
        contentType: file.contentType,
        filename: file.filename,
        cacheControl: "public, max-age=3600"
      };
    }
  });
  route(app, marketplaceEndpoints.install, {
    handler: async (request) => presentInstallation(await service.install(request.params.id, request.body))
  });
  route(app, marketplaceEndpoints.uninstall, {
    handler: async (request) => presentInstallation(
      await service.uninstall(request.params.id, request.params.installation_id, request.body.email)
    )
  });
  route(app, platformEventEndpoints.receive, {
    // The platform's credentials are checked before the body is read: a stranger learns nothing from a 422.
    guards: [
      async (request) => {
        if (!service.acceptsPlatformCredentials(request.headers.authorization))
          throw errors.unauthenticated();
      }
    ],
    handler: async (request) => {
      const event = request.body;
      const processed = await service.receive({
        id: event.id,
        type: event.type,
        appId: event.developer_app_id,
        occurredAt: new Date(event.occurred_at),
        companyName: event.company_name ?? null,
        companyIsDemo: event.company_is_demo ?? false,
        userEmailAddress: event.user_email_address ?? null
      });
      return { id: event.id, processed };
    }
  });
}

// apps/server/src/modules/metrics/policy.ts
var metricsPolicy = {
  canSeeInstallerEmails(user) {
    return user.is_admin;
  }
};

// apps/server/src/modules/metrics/presenter.ts
function aggregate(rows) {
  return {
    rows: Object.fromEntries(rows.map((row) => [row.day, { count: row.count }])),
    total_count: rows.reduce((sum, row) => sum + row.count, 0)
  };
}
function presentMetrics(data) {
  return {
    developer_app_id: data.appId,
    daily_app_installations_aggregates: aggregate(data.installations),
    daily_marketplace_app_views_aggregates: aggregate(data.views),
    app_installations: { rows: data.feed.rows.map(presentInstallation), total_count: data.feed.total }
  };
}
function presentAdminMetrics(data) {
  return {
    ...presentMetrics(data),
    app_installations: { rows: data.feed.rows.map(presentAdminInstallation), total_count: data.feed.total }
  };
}

// apps/server/src/modules/metrics/routes.ts
function metricsRoutes(app, service, appScope) {
  route(app, metricsEndpoints.get, {
    guards: [appScope(appFromParams)],
    handler: async (request) => presentMetrics(await service.metrics(appContextOf(request).app.id, request.query))
  });
  const canSeeEmails = allow(metricsPolicy.canSeeInstallerEmails);
  route(app, adminMetricsEndpoints.get, {
    guards: [canSeeEmails],
    handler: async (request) => {
      const found = await service.adminApp(request.params.id);
      return presentAdminMetrics(await service.metrics(found.id, request.query));
    }
  });
  const csvOptions = {
    guards: [appScope(appFromParams)],
    handler: async (request) => {
      const csv = service.installationsCsv(appContextOf(request).app, false);
      return {
        body: csv.body,
        filename: csv.filename,
        contentType: "text/csv; charset=utf-8",
        cacheControl: "no-store"
      };
    }
  };
  const adminCsvOptions = {
    guards: [canSeeEmails],
    handler: async (request) => {
      const csv = service.installationsCsv(await service.adminApp(request.params.id), true);
      return {
        body: csv.body,
        filename: csv.filename,
        contentType: "text/csv; charset=utf-8",
        cacheControl: "no-store"
      };
    }
  };
  route(app, metricsEndpoints.csv, csvOptions);
  route(app, adminMetricsEndpoints.csv, adminCsvOptions);
  for (const endpoint2 of [metricsEndpoints.csv, adminMetricsEndpoints.csv]) {
    app.get(
      endpoint2.path.replace(/^\/api\/v1/, ""),
      { schema: { hide: true } },
      (request, reply) => reply.redirect(`/api/v1${request.url}`, 302)
    );
  }
}

// apps/server/src/modules/notifications/policy.ts
var notificationPolicy = {
  /** Developers read what is visible now; drafts and future notifications are hidden (spec 1 §4). */
  canRead(_user, notification, today) {
    return isNotificationVisible(notification, today);
  },
  /** Writing, editing, deleting and reading every notification: platform administrators only. */
  canManage(user) {
    return user.is_admin;
  }
};

// apps/server/src/modules/notifications/presenter.ts
function presentContent(row) {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    body: row.body,
    critical: row.critical,
    created_at: row.created_at.toISOString()
  };
}
function presentNotification(row) {
  return { ...presentContent(row), read_at: row.read_at?.toISOString() ?? null };
}
function presentAdminNotification(row, today, delivery) {
  const counts = delivery ?? { queued: 0, sent: 0, failed: 0 };
  return {
    ...presentContent(row),
    draft: row.draft,
    show_after: row.show_after,
    visible: isNotificationVisible(row, today),
    visible_by_show_after: isVisibleByShowAfter(row.show_after, today),
    updated_at: row.updated_at.toISOString(),
    delivery: row.critical ? { ...counts, total: counts.queued + counts.sent + counts.failed } : null
  };
}

// apps/server/src/modules/notifications/routes.ts
function notificationRoutes(app, service) {
  route(app, notificationEndpoints.list, {
    handler: async (request, reply) => {
      const { rows, total, unread } = await service.listForUser(requireUser(request), request.query);
      reply.header("Unread-Count", String(unread));
      return { items: rows.map(presentNotification), total };
    }
  });
  route(app, notificationEndpoints.get, {
    handler: async (request) => presentNotification(await service.readForUser(requireUser(request), request.params.id))
  });
  route(app, notificationEndpoints.markRead, {
    handler: async (request) => presentNotification(await service.markRead(requireUser(request), request.params.id))
  });
}
function adminNotificationRoutes(app, service) {
  const guards = [allow(notificationPolicy.canManage)];
  const today = () => utcDate(/* @__PURE__ */ new Date());
  route(app, adminNotificationEndpoints.list, {
    guards,
    handler: async (request) => {
      const { rows, total, delivery } = await service.list(request.query);
      const now = today();
      return { items: rows.map((row) => presentAdminNotification(row, now, delivery.get(row.id))), total };
    }
  });
  route(app, adminNotificationEndpoints.get, {
    guards,
    handler: async (request) => {
      const { row, delivery } = await service.find(request.params.id);
      return presentAdminNotification(row, today(), delivery);
    }
  });
  route(app, adminNotificationEndpoints.create, {
    guards,
    handler: async (request) => {
      const row = await service.create(requireUser(request), request.body, auditActorOf(request));
      return presentAdminNotification(row, today(), void 0);
    }
  });
  route(app, adminNotificationEndpoints.update, {
    guards,
    handler: async (request) => {
      const row = await service.update(request.params.id, request.body, auditActorOf(request));
      const delivery = row.critical ? await service.deliveryOf(row.id) : void 0;
      return presentAdminNotification(row, today(), delivery);
    }
  });
  route(app, adminNotificationEndpoints.destroy, {
    guards,
    handler: async (request) => {
      await service.delete(request.params.id, auditActorOf(request));
      return void 0;
    }
  });
}

// apps/server/src/modules/outbound-emails/policy.ts
var outboundEmailPolicy = {
  /** Platform administrators only: the messages hold other people's addresses and reset links. */
  canRead(user) {
    return user.is_admin;
  }
};

// apps/server/src/modules/outbound-emails/presenter.ts
function presentOutboundEmail(row) {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    text_body: row.text_body,
    html_body: row.html_body,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null
  };
}

// apps/server/src/modules/outbound-emails/routes.ts
function outboundEmailRoutes(app, service) {
  const canRead = allow(outboundEmailPolicy.canRead);
  route(app, outboundEmailEndpoints.list, {
    guards: [canRead],
    handler: async (request) => {
      const { rows, total } = await service.list(request.query);
      return { items: rows.map(presentOutboundEmail), total };
    }
  });
  route(app, outboundEmailEndpoints.get, {
    guards: [canRead],
    handler: async (request) => presentOutboundEmail(await service.get(request.params.id))
  });
}

// apps/server/src/modules/rate-limits/policy.ts
var rateLimitPolicy = {
  /** Platform administrators only: the limits of every client on the platform. */
  canManage(user) {
    return user.is_admin;
  }
};

// apps/server/src/modules/rate-limits/presenter.ts
function presentBucket(bucket) {
  return {
    id: bucket.id,
    server: bucket.server,
    name: bucket.name,
    client_id: bucket.clientId,
    domain: bucket.domain,
    bucket_templates: bucket.templates.map((template) => ({
      name: template.name,
      fill_type: template.fillType,
      interval_ms: template.intervalMs,
      limit: template.limit
    })),
    created_at: bucket.createdAt.toISOString(),
    updated_at: bucket.updatedAt.toISOString()
  };
}
function auditedBucket(bucket) {
  const { id: _id, created_at: _created, updated_at: _updated, ...fields } = presentBucket(bucket);
  return fields;
}

// apps/server/src/modules/rate-limits/routes.ts
function rateLimitRoutes(app, service) {
  const canManage = allow(rateLimitPolicy.canManage);
  route(app, rateLimitEndpoints.servers, {
    guards: [canManage],
    handler: async () => ({ data: [...service.servers()] })
  });
  route(app, rateLimitEndpoints.list, {
    guards: [canManage],
    handler: async (request) => ({
      data: (await service.list(request.params.server)).map(presentBucket)
    })
  });
  route(app, rateLimitEndpoints.create, {
    guards: [canManage],
    handler: async (request) => ({
      data: presentBucket(
        await service.create(request.params.server, request.body.data, auditActorOf(request))
      )
    })
  });
  route(app, rateLimitEndpoints.update, {
    guards: [canManage],
    handler: async (request) => ({
      data: presentBucket(
        await service.update(request.params.server, request.body.data, auditActorOf(request))
      )
    })
  });
  route(app, rateLimitEndpoints.destroy, {
    guards: [canManage],
    handler: async (request) => {
      await service.delete(request.params.server, request.params.id, auditActorOf(request));
      return void 0;
    }
  });
}

// apps/server/src/modules/sandboxes/policy.ts
var sandboxPolicy = {
  /** Redirect URIs and the secret are credentials: owner and admin (resetSecrets). */
  canChange: (access) => access.permissions.canModifyCredentials,
  /** A fake sandbox is for platform staff (canGenerateFakeSandbox). */
  canGenerateFake: (access) => access.permissions.canGenerateFakeSandbox,
  /**
   * The live card shows the secret of a confidential app's sandbox to every collaborator and to platform
   * administrators (viewSandboxCreds); a public app has no secret to show.
   */
  canViewSecret: (access, app) => app.confidential && access.permissions.canViewClientCredentials
};

// apps/server/src/modules/sandboxes/routes.ts
function sandboxRoutes(app, services, appScope) {
  const { sandboxes } = services;
  const sandboxApp = async (request) => {
    const params = sandboxEndpoints.update.params.safeParse(request.params);
    return params.success ? sandboxes.appOf(params.data.id) : void 0;
  };
  route(app, sandboxEndpoints.generateFakeSandbox, {
    guards: [appScope(appFromParams, sandboxPolicy.canGenerateFake)],
    handler: async (request) => {
      const context = appContextOf(request);
      const secret = await sandboxes.generateFake(context);
      return { ...presentApp(await services.developerApps.get(context)), app_secret: secret.secret };
    }
  });
  route(app, sandboxEndpoints.update, {
    guards: [appScope(sandboxApp, sandboxPolicy.canChange)],
    handler: async (request) => {
      const context = appContextOf(request);
      const sandbox = await sandboxes.updateRedirectUris(
        context,
        request.params.id,
        request.body.sandbox.redirect_uri
      );
      return presentSandbox(sandbox, context.app);
    }
  });
  route(app, sandboxEndpoints.resetSecret, {
    guards: [appScope(sandboxApp, sandboxPolicy.canChange)],
    handler: async (request) => presentSecret(
      await sandboxes.resetSecret(appContextOf(request), request.params.id, auditActorOf(request))
    )
  });
}

// apps/server/src/app.ts
async function buildApp(deps) {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // One cheap line per request instead of Fastify's two, without a pino child per request
    // (http/request-log.ts).
    ...deps.logger ? { logController: new RequestLogController(), childLoggerFactory: lazyChildLoggerFactory } : {},
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: {
      querystringParser: (query) => qs2.parse(query, { depth: 3, arrayLimit: 100, parameterLimit: 200 })
    },
    return503OnClosing: true,
    forceCloseConnections: "idle"
  });
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, { strictContracts: config.env === "test" });
  registerUploads(app, deps.storage);
  await registerCompression(app);
  registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Lintel REST API",
        description: "The REST API of the Lintel developer portal: accounts, announcements, developer apps, credentials, manifests and the marketplace listing. JSON under /api/v1; errors share one shape.",
        version: "1.0.0"
      },
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: "lintel_session" } }
      }
    },
    transform: jsonSchemaTransform
  });
  registerSessions(app, {
    config,
    sessions: {
      findActive: (id2, now) => authRepository.findActiveSession(db, id2, now),
      touch: (id2, lastSeenAt, expiresAt) => authRepository.touchSession(db, id2, lastSeenAt, expiresAt)
    }
  });
  app.get("/api/v1/health", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  authRoutes(app, deps.services.auth, config);
  notificationRoutes(app, deps.services.notifications);
  adminNotificationRoutes(app, deps.services.notifications);
  outboundEmailRoutes(app, deps.services.outboundEmails);
  const appScope = createAppScope(app, db);
  developerAppRoutes(app, deps.services.developerApps, appScope);
  sandboxRoutes(app, deps.services, appScope);
  credentialRoutes(app, deps.services.credentials, appScope);
  collaboratorRoutes(app, deps.services.collaborators, appScope);
  manifestRoutes(app, deps.services.manifests, appScope);
  clientErrorRoutes(app);
  listingRoutes(app, deps.services.listings, appScope);
  changelogRoutes(app, deps.services.changelog);
  adminChangelogRoutes(app, deps.services.changelog);
  rateLimitRoutes(app, deps.services.rateLimits);
  auditRoutes(app, deps.services.audit);
  adminAppRoutes(app, deps.services.adminApps);
  adminListRoutes(app, deps.services.adminLists, appScope);
  marketplaceRoutes(app, deps.services.marketplace);
  metricsRoutes(app, deps.services.metrics, appScope);
  adminAnalyticsRoutes(app, deps.services.analytics);
  const indexHtml = path2.join(config.webDistDir, "index.html");
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      maxAge: "1y",
      immutable: true,
      // The build writes `file.br` and `file.gz` beside each text asset (apps/web/vite.config.ts):
      // they are sent as they are, by Accept-Encoding, with `Vary: Accept-Encoding`.
      preCompressed: true,
      // No routes of their own for the compressed copies: they are reached through their original.
      globIgnore: ["**/*.br", "**/*.gz"],
      setHeaders: (res, filePath) => {
        if (!filePath.includes(`${path2.sep}assets${path2.sep}`)) res.header("Cache-Control", "no-cache");
      }
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url2 = request.url.split("?")[0] ?? "/";
    const page = !url2.startsWith("/api/") && !url2.startsWith("/assets/");
    if (hasWeb && (request.method === "GET" || request.method === "HEAD") && page) {
      reply.header("Cache-Control", "no-cache");
      return reply.type("text/html").sendFile("index.html");
    }
    return reply.status(404).send(errorBody("not_found", `No route for ${request.method} ${url2}.`));
  });
  return app;
}

// apps/server/src/db/index.ts
import fs from "node:fs/promises";
import path3 from "node:path";
import {
  Kysely,
  PGliteDialect,
  PostgresDialect,
  sql as sql16
} from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";

// apps/server/src/db/migrations/0001_foundation.ts
var foundation_exports = {};
__export(foundation_exports, {
  down: () => down,
  up: () => up
});
import { sql as sql3 } from "kysely";
async function up(db) {
  await db.schema.createTable("users").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("name", "text", (c) => c.notNull()).addColumn("company_name", "text", (c) => c.notNull()).addColumn("email", "text", (c) => c.notNull().unique()).addColumn("password_hash", "text", (c) => c.notNull()).addColumn("is_admin", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("is_employee", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("critical_emails", "boolean", (c) => c.notNull().defaultTo(true)).addColumn("confirmed_at", "timestamptz").addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql3`now()`)).addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql3`now()`)).execute();
  await db.schema.createTable("user_tokens").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade")).addColumn("purpose", "text", (c) => c.notNull()).addColumn("token_hash", "text", (c) => c.notNull().unique()).addColumn("expires_at", "timestamptz", (c) => c.notNull()).addColumn("used_at", "timestamptz").addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql3`now()`)).execute();
  await db.schema.createIndex("user_tokens_user_purpose").on("user_tokens").columns(["user_id", "purpose"]).execute();
  await db.schema.createTable("sessions").addColumn("id", "text", (c) => c.primaryKey()).addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade")).addColumn("csrf_token", "text", (c) => c.notNull()).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql3`now()`)).addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql3`now()`)).addColumn("expires_at", "timestamptz", (c) => c.notNull()).addColumn("ip", "text").addColumn("user_agent", "text").execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();
  await db.schema.createTable("login_attempts").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("email", "text", (c) => c.notNull()).addColumn("ip", "text", (c) => c.notNull()).addColumn("succeeded", "boolean", (c) => c.notNull()).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql3`now()`)).execute();
  await db.schema.createIndex("login_attempts_email_time").on("login_attempts").columns(["email", "created_at"]).execute();
  await db.schema.createIndex("login_attempts_ip_time").on("login_attempts").columns(["ip", "created_at"]).execute();
  await db.schema.createTable("outbound_emails").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("idempotency_key", "text", (c) => c.notNull().unique()).addColumn("to_address", "text", (c) => c.notNull()).addColumn("subject", "text", (c) => c.notNull()).addColumn("template", "text", (c) => c.notNull()).addColumn("text_body", "text", (c) => c.notNull()).addColumn("html_body", "text", (c) => c.notNull()).addColumn("status", "text", (c) => c.notNull().defaultTo("queued")).addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0)).addColumn("last_error", "text").addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql3`now()`)).addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql3`now()`)).addColumn("sent_at", "timestamptz").execute();
  await db.schema.createIndex("outbound_emails_created_at").on("outbound_emails").column("created_at").execute();
  await db.schema.createIndex("outbound_emails_status").on("outbound_emails").column("status").execute();
}
async function down(db) {
  for (const table of ["outbound_emails", "login_attempts", "sessions", "user_tokens", "users"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

// apps/server/src/db/migrations/0002_notifications.ts
var notifications_exports = {};
__export(notifications_exports, {
  down: () => down2,
  up: () => up2
});
import { sql as sql4 } from "kysely";
async function up2(db) {
  await db.schema.createTable("notifications").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("title", "text", (c) => c.notNull()).addColumn("summary", "text", (c) => c.notNull()).addColumn("body", "text", (c) => c.notNull()).addColumn("critical", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("draft", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("show_after", "date").addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null")).addColumn("fanout_cursor", "integer", (c) => c.notNull().defaultTo(0)).addColumn("fanout_completed_at", "timestamptz").addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql4`now()`)).addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql4`now()`)).addCheckConstraint(
    "notifications_critical_goes_out",
    sql4`not critical or (not draft and show_after is null)`
  ).execute();
  await db.schema.createIndex("notifications_created_at").on("notifications").columns(["created_at", "id"]).execute();
  await db.schema.createTable("notification_reads").addColumn(
    "notification_id",
    "integer",
    (c) => c.notNull().references("notifications.id").onDelete("cascade")
  ).addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade")).addColumn("read_at", "timestamptz", (c) => c.notNull().defaultTo(sql4`now()`)).addPrimaryKeyConstraint("notification_reads_pkey", ["notification_id", "user_id"]).execute();
  await db.schema.createIndex("notification_reads_user").on("notification_reads").column("user_id").execute();
  await db.schema.alterTable("outbound_emails").addColumn("notification_id", "integer", (c) => c.references("notifications.id").onDelete("set null")).execute();
  await db.schema.createIndex("outbound_emails_notification_status").on("outbound_emails").columns(["notification_id", "status"]).where(sql4.ref("notification_id"), "is not", null).execute();
  await db.schema.createIndex("users_critical_recipients").on("users").column("id").where(sql4`critical_emails and confirmed_at is not null`).execute();
}
async function down2(db) {
  await db.schema.dropIndex("users_critical_recipients").ifExists().execute();
  await db.schema.alterTable("outbound_emails").dropColumn("notification_id").execute();
  await db.schema.dropTable("notification_reads").ifExists().execute();
  await db.schema.dropTable("notifications").ifExists().execute();
}

// apps/server/src/db/migrations/0003_developer_apps.ts
var developer_apps_exports = {};
__export(developer_apps_exports, {
  down: () => down3,
  up: () => up3
});
import { sql as sql5 } from "kysely";
async function up3(db) {
  await db.schema.createTable("developer_apps").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("internal_name", "text", (c) => c.notNull()).addColumn("name", "text", (c) => c.notNull()).addColumn("owner_id", "integer", (c) => c.notNull().references("users.id")).addColumn("confidential", "boolean", (c) => c.notNull().defaultTo(true)).addColumn("production_access", "text", (c) => c.notNull().defaultTo("none")).addColumn("redirect_uri", "text", (c) => c.notNull().defaultTo("")).addColumn("thumbnail_key", "text").addColumn("thumbnail_content_type", "text").addColumn("published_at", "timestamptz").addColumn("deleted_at", "timestamptz").addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql5`now()`)).addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql5`now()`)).addCheckConstraint(
    "developer_apps_production_access",
    sql5`production_access in ('none', 'production_pending', 'granted')`
  ).execute();
  await db.schema.createIndex("developer_apps_owner").on("developer_apps").column("owner_id").execute();
  await db.schema.createTable("collaborators").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn(
    "developer_app_id",
    "integer",
    (c) => c.notNull().references("developer_apps.id").onDelete("cascade")
  ).addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade")).addColumn("role", "text", (c) => c.notNull()).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql5`now()`)).addUniqueConstraint("collaborators_app_user", ["developer_app_id", "user_id"]).addCheckConstraint("collaborators_role", sql5`role in ('owner', 'admin', 'developer')`).execute();
  await db.schema.createIndex("collaborators_user_app").on("collaborators").columns(["user_id", "developer_app_id"]).execute();
  await sql5`CREATE UNIQUE INDEX collaborators_one_owner ON collaborators (developer_app_id) WHERE role = 'owner'`.execute(
    db
  );
  await db.schema.createTable("invitations").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn(
    "developer_app_id",
    "integer",
    (c) => c.notNull().references("developer_apps.id").onDelete("cascade")
  ).addColumn("email", "text", (c) => c.notNull()).addColumn("role", "text", (c) => c.notNull()).addColumn("status", "text", (c) => c.notNull().defaultTo("pending")).addColumn("token_hash", "text", (c) => c.notNull().unique()).addColumn("invited_by", "integer", (c) => c.references("users.id").onDelete("set null")).addColumn("accepted_by", "integer", (c) => c.references("users.id").onDelete("set null")).addColumn("expires_at", "timestamptz", (c) => c.notNull()).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql5`now()`)).addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql5`now()`)).addCheckConstraint("invitations_role", sql5`role in ('admin', 'developer')`).addCheckConstraint("invitations_status", sql5`status in ('pending', 'accepted', 'canceled', 'expired')`).execute();
  await sql5`CREATE UNIQUE INDEX invitations_one_pending ON invitations (developer_app_id, email) WHERE status = 'pending'`.execute(
    db
  );
  await db.schema.createTable("platform_oauth_applications").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("uid", "text", (c) => c.notNull().unique()).addColumn("secret_hash", "text", (c) => c.notNull()).addColumn("name", "text", (c) => c.notNull()).addColumn("environment", "text", (c) => c.notNull()).addColumn(
    "developer_app_id",
    "integer",
    (c) => c.notNull().references("developer_apps.id").onDelete("cascade")
  ).addColumn("redirect_uri", "text", (c) => c.notNull().defaultTo("")).addColumn("confidential", "boolean", (c) => c.notNull().defaultTo(true)).addColumn("secret_rotated_at", "timestamptz").addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql5`now()`)).addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql5`now()`)).addCheckConstraint("platform_oauth_environment", sql5`environment in ('production', 'sandbox')`).addUniqueConstraint("platform_oauth_app_env", ["developer_app_id", "environment"]).execute();
  await db.schema.createTable("platform_sandboxes").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn(
    "developer_app_id",
    "integer",
    (c) => c.notNull().unique().references("developer_apps.id").onDelete("cascade")
  ).addColumn("status", "text", (c) => c.notNull().defaultTo("pending")).addColumn("company_id", "integer").addColumn("url", "text").addColumn(
    "oauth_application_id",
    "integer",
    (c) => c.references("platform_oauth_applications.id").onDelete("set null")
  ).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql5`now()`)).addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql5`now()`)).addCheckConstraint("platform_sandboxes_status", sql5`status in ('pending', 'live', 'failed')`).execute();
}
async function down3(db) {
  for (const table of [
    "platform_sandboxes",
    "platform_oauth_applications",
    "invitations",
    "collaborators",
    "developer_apps"
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

// apps/server/src/db/migrations/0004_oauth_secrets.ts
var oauth_secrets_exports = {};
__export(oauth_secrets_exports, {
  down: () => down4,
  up: () => up4
});
async function up4(db) {
  await db.schema.alterTable("platform_oauth_applications").addColumn("secret_sealed", "text").addColumn("secret_revealed_at", "timestamptz").addColumn("revoked_at", "timestamptz").execute();
}
async function down4(db) {
  await db.schema.alterTable("platform_oauth_applications").dropColumn("secret_sealed").dropColumn("secret_revealed_at").dropColumn("revoked_at").execute();
}

// apps/server/src/db/migrations/0005_mail_quota.ts
var mail_quota_exports = {};
__export(mail_quota_exports, {
  down: () => down5,
  up: () => up5
});
import { sql as sql6 } from "kysely";
async function up5(db) {
  await db.schema.createTable("mail_quota_events").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("recipient", "text", (c) => c.notNull()).addColumn("ip", "text", (c) => c.notNull()).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql6`now()`)).execute();
  await db.schema.createIndex("mail_quota_events_recipient_time").on("mail_quota_events").columns(["recipient", "created_at"]).execute();
  await db.schema.createIndex("mail_quota_events_ip_time").on("mail_quota_events").columns(["ip", "created_at"]).execute();
}
async function down5(db) {
  await db.schema.dropTable("mail_quota_events").ifExists().execute();
}

// apps/server/src/db/migrations/0006_manifests.ts
var manifests_exports = {};
__export(manifests_exports, {
  down: () => down6,
  up: () => up6
});
import { sql as sql7 } from "kysely";
async function up6(db) {
  await db.schema.createTable("app_versions").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn(
    "developer_app_id",
    "integer",
    (c) => c.notNull().references("developer_apps.id").onDelete("cascade")
  ).addColumn("environment_type", "text", (c) => c.notNull()).addColumn("semantic_version", "text", (c) => c.notNull()).addColumn("state", "text", (c) => c.notNull()).addColumn("schema_version", "text", (c) => c.notNull()).addColumn("content", "jsonb", (c) => c.notNull()).addColumn("configured_manifest_content", "jsonb").addColumn("auth_code_enabled", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("changelog", "text").addColumn("app_version_key", "text", (c) => c.notNull().unique()).addColumn("developer_notes", "text").addColumn("admin_notes", "text").addColumn(
    "source_app_version_id",
    "integer",
    (c) => c.references("app_versions.id").onDelete("set null")
  ).addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null")).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql7`now()`)).addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql7`now()`)).addCheckConstraint(
    "app_versions_environment",
    sql7`environment_type in ('Sandbox', 'ProductionEnvironment')`
  ).addCheckConstraint(
    "app_versions_state",
    sql7`state in ('draft', 'confidential', 'in_review', 'published')`
  ).addUniqueConstraint("app_versions_app_env_version", [
    "developer_app_id",
    "environment_type",
    "semantic_version"
  ]).addUniqueConstraint("app_versions_source", ["source_app_version_id"]).execute();
  await db.schema.createIndex("app_versions_app_env_newest").on("app_versions").columns(["developer_app_id", "environment_type", "id desc"]).execute();
  await db.schema.createTable("analytics_events").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null")).addColumn("key", "text", (c) => c.notNull()).addColumn("properties", "jsonb", (c) => c.notNull().defaultTo(sql7`'{}'::jsonb`)).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql7`now()`)).execute();
  await db.schema.createIndex("analytics_events_key_time").on("analytics_events").columns(["key", "created_at"]).execute();
}
async function down6(db) {
  await db.schema.dropTable("analytics_events").ifExists().execute();
  await db.schema.dropTable("app_versions").ifExists().execute();
}

// apps/server/src/db/migrations/0007_listings.ts
var listings_exports = {};
__export(listings_exports, {
  down: () => down7,
  up: () => up7
});
import { sql as sql8 } from "kysely";
async function up7(db) {
  await db.schema.alterTable("developer_apps").addColumn("marketplace_enabled", "boolean", (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.createTable("listing_categories").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("name", "text", (c) => c.notNull().unique()).execute();
  await db.schema.createTable("listing_regions").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("name", "text", (c) => c.notNull().unique()).execute();
  await db.schema.createTable("listing_countries").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn(
    "region_id",
    "integer",
    (c) => c.notNull().references("listing_regions.id").onDelete("cascade")
  ).addColumn("iso_code", "text", (c) => c.notNull().unique()).addColumn("name", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("listing_countries_region").on("listing_countries").column("region_id").execute();
  await db.schema.createTable("product_tools").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("title", "text", (c) => c.notNull().unique()).execute();
  await db.schema.createTable("security_standards").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("standard_name", "text", (c) => c.notNull()).addColumn("variant", "text").execute();
  await db.schema.createTable("marketplace_submissions").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn(
    "developer_app_id",
    "integer",
    (c) => c.notNull().references("developer_apps.id").onDelete("cascade")
  ).addColumn("state", "text", (c) => c.notNull().defaultTo("draft")).addColumn("approval_state", "text", (c) => c.notNull().defaultTo("unreviewed")).addColumn("version", "integer", (c) => c.notNull().defaultTo(1)).addColumn("admin_message", "text").addColumn("rejection_reasons", "jsonb", (c) => c.notNull().defaultTo(sql8`'[]'::jsonb`)).addColumn("silent", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("is_concierge_app", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("live", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("public_name", "text").addColumn("tagline", "text").addColumn("built_by", "text").addColumn("sold_by", "text").addColumn("description", "text").addColumn("about", "text").addColumn("how_it_works", "text").addColumn("category_ids", "jsonb", (c) => c.notNull().defaultTo(sql8`'[]'::jsonb`)).addColumn("app_version_id", "integer").addColumn("draft_developer_notes", "text").addColumn("installable", "boolean", (c) => c.notNull().defaultTo(true)).addColumn("beta", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("security_badge", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("notes", "text").addColumn("subscription_required", "boolean").addColumn("connector_required", "boolean").addColumn("has_trials", "boolean").addColumn("pricing_url", "text").addColumn("pricing_description", "text").addColumn("region_ids", "jsonb", (c) => c.notNull().defaultTo(sql8`'[]'::jsonb`)).addColumn("country_ids", "jsonb", (c) => c.notNull().defaultTo(sql8`'[]'::jsonb`)).addColumn("helpful_links", "jsonb", (c) => c.notNull().defaultTo(sql8`'[]'::jsonb`)).addColumn("feature_bullets", "jsonb", (c) => c.notNull().defaultTo(sql8`'[]'::jsonb`)).addColumn("website_link", "jsonb").addColumn("support_email", "text").addColumn("product_tool_ids", "jsonb", (c) => c.notNull().defaultTo(sql8`'[]'::jsonb`)).addColumn("requirements", "jsonb", (c) => c.notNull().defaultTo(sql8`'[]'::jsonb`)).addColumn("contact_us_email", "text").addColumn("learn_how_url", "text").addColumn("create_lead", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("made_by_platform", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("platform_certified_partner", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("security_questionnaire_visible", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("security_questionnaire", "jsonb").addColumn("submitted_at", "timestamptz").addColumn("reviewed_at", "timestamptz").addColumn("published_at", "timestamptz").addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql8`now()`)).addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql8`now()`)).addCheckConstraint("marketplace_submissions_state", sql8`state in ('draft', 'in_review', 'published')`).addCheckConstraint(
    "marketplace_submissions_approval_state",
    sql8`approval_state in ('unreviewed', 'approved', 'rejected')`
  ).execute();
  await db.schema.createIndex("marketplace_submissions_app").on("marketplace_submissions").columns(["developer_app_id", "id"]).execute();
  await db.schema.createTable("listing_media").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn(
    "submission_id",
    "integer",
    (c) => c.notNull().references("marketplace_submissions.id").onDelete("cascade")
  ).addColumn("type", "text", (c) => c.notNull()).addColumn("name", "text", (c) => c.notNull()).addColumn("original_filename", "text", (c) => c.notNull()).addColumn("description", "text").addColumn("storage_key", "text", (c) => c.notNull()).addColumn("content_type", "text", (c) => c.notNull()).addColumn("size", "bigint", (c) => c.notNull()).addColumn("width", "integer").addColumn("height", "integer").addColumn("hashed_id", "text").addColumn("position", "integer", (c) => c.notNull().defaultTo(0)).addColumn("copied_from_id", "integer").addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql8`now()`)).addCheckConstraint(
    "listing_media_type",
    sql8`type in ('Picture', 'Video', 'Logo', 'Document', 'ShowcaseVideo')`
  ).execute();
  await db.schema.createIndex("listing_media_submission").on("listing_media").columns(["submission_id", "type", "position"]).execute();
  await db.schema.createIndex("listing_media_storage_key").on("listing_media").column("storage_key").execute();
  await db.schema.createTable("video_host_medias").addColumn("hashed_id", "text", (c) => c.primaryKey()).addColumn("name", "text", (c) => c.notNull()).addColumn("storage_key", "text", (c) => c.notNull()).addColumn("content_type", "text", (c) => c.notNull()).addColumn("size", "bigint", (c) => c.notNull()).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql8`now()`)).execute();
  await db.schema.createTable("listing_review_events").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn(
    "submission_id",
    "integer",
    (c) => c.notNull().references("marketplace_submissions.id").onDelete("cascade")
  ).addColumn(
    "developer_app_id",
    "integer",
    (c) => c.notNull().references("developer_apps.id").onDelete("cascade")
  ).addColumn("state", "text", (c) => c.notNull()).addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null")).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql8`now()`)).addCheckConstraint("listing_review_events_state", sql8`state in ('submitted', 'approved', 'rejected')`).execute();
  await db.schema.createIndex("listing_review_events_submission").on("listing_review_events").column("submission_id").execute();
  await seedReferenceData(db);
}
var CATEGORIES = [
  "Accounting",
  "Analytics & Reporting",
  "Bid Management",
  "BIM & 3D Models",
  "Document Management",
  "Drones & Reality Capture",
  "Equipment Management",
  "ERP",
  "Estimating",
  "Field Productivity",
  "Payments",
  "Project Management",
  "Quality & Safety",
  "Scheduling",
  "Workforce Management"
];
var REGIONS = [
  [
    "North America",
    [
      ["US", "United States"],
      ["CA", "Canada"],
      ["MX", "Mexico"]
    ]
  ],
  [
    "Europe",
    [
      ["GB", "United Kingdom"],
      ["IE", "Ireland"],
      ["FR", "France"],
      ["DE", "Germany"],
      ["ES", "Spain"],
      ["NL", "Netherlands"],
      ["SE", "Sweden"],
      ["PL", "Poland"]
    ]
  ],
  [
    "Asia Pacific",
    [
      ["AU", "Australia"],
      ["NZ", "New Zealand"],
      ["SG", "Singapore"],
      ["JP", "Japan"],
      ["IN", "India"]
    ]
  ],
  [
    "Latin America",
    [
      ["BR", "Brazil"],
      ["CL", "Chile"],
      ["CO", "Colombia"],
      ["AR", "Argentina"],
      ["PE", "Peru"]
    ]
  ],
  [
    "Middle East & Africa",
    [
      ["AE", "United Arab Emirates"],
      ["SA", "Saudi Arabia"],
      ["ZA", "South Africa"]
    ]
  ]
];
var PRODUCT_TOOLS = [
  "Budget",
  "Change Orders",
  "Commitments",
  "Daily Log",
  "Directory",
  "Documents",
  "Drawings",
  "Incidents",
  "Inspections",
  "Meetings",
  "Observations",
  "Photos",
  "Punch List",
  "RFIs",
  "Schedule",
  "Specifications",
  "Submittals",
  "Timesheets"
];
var SECURITY_STANDARDS = [
  ["ISO/IEC 27001", "2013"],
  ["ISO/IEC 27001", "2022"],
  ["ISO/IEC 27017", null],
  ["ISO/IEC 27018", null],
  ["SOC 2", "Type I"],
  ["SOC 2", "Type II"],
  ["PCI DSS", "v4.0"],
  ["CSA STAR", "Level 1"],
  ["CSA STAR", "Level 2"],
  ["FedRAMP", "Moderate"],
  ["NIST CSF", "2.0"],
  ["Cyber Essentials", "Plus"]
];
async function seedReferenceData(db) {
  const any = db;
  await any.insertInto("listing_categories").values(CATEGORIES.map((name) => ({ name }))).execute();
  for (const [name, countries] of REGIONS) {
    const region = await any.insertInto("listing_regions").values({ name }).returning("id").executeTakeFirstOrThrow();
    await any.insertInto("listing_countries").values(countries.map(([iso_code, country2]) => ({ region_id: region.id, iso_code, name: country2 }))).execute();
  }
  await any.insertInto("product_tools").values(PRODUCT_TOOLS.map((title) => ({ title }))).execute();
  await any.insertInto("security_standards").values(SECURITY_STANDARDS.map(([standard_name, variant]) => ({ standard_name, variant }))).execute();
}
async function down7(db) {
  for (const table of [
    "listing_review_events",
    "video_host_medias",
    "listing_media",
    "marketplace_submissions",
    "security_standards",
    "product_tools",
    "listing_countries",
    "listing_regions",
    "listing_categories"
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable("developer_apps").dropColumn("marketplace_enabled").execute();
}

// apps/server/src/db/migrations/0008_audit_events.ts
var audit_events_exports = {};
__export(audit_events_exports, {
  down: () => down8,
  up: () => up8
});
import { sql as sql9 } from "kysely";
async function up8(db) {
  await db.schema.createTable("audit_events").addColumn("id", "bigint", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null")).addColumn("action", "text", (c) => c.notNull()).addColumn("subject_type", "text", (c) => c.notNull()).addColumn("subject_id", "text", (c) => c.notNull()).addColumn("developer_app_id", "integer").addColumn("changes", "jsonb", (c) => c.notNull().defaultTo(sql9`'{}'::jsonb`)).addColumn("client_address", "text").addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql9`now()`)).execute();
  await sql9`create index audit_events_created on audit_events (created_at desc, id desc)`.execute(db);
  await sql9`create index audit_events_app on audit_events (developer_app_id, created_at desc)`.execute(db);
  await sql9`create index audit_events_actor on audit_events (actor_id, created_at desc)`.execute(db);
  await sql9`create index audit_events_action on audit_events (action, created_at desc)`.execute(db);
}
async function down8(db) {
  await db.schema.dropTable("audit_events").execute();
}

// apps/server/src/db/migrations/0009_marketplace_metrics.ts
var marketplace_metrics_exports = {};
__export(marketplace_metrics_exports, {
  down: () => down9,
  up: () => up9
});
import { sql as sql10 } from "kysely";
async function up9(db) {
  await db.schema.createTable("platform_installations").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn(
    "developer_app_id",
    "integer",
    (c) => c.notNull().references("developer_apps.id").onDelete("cascade")
  ).addColumn("company_name", "text", (c) => c.notNull()).addColumn("company_is_demo", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("user_email_address", "text").addColumn("status", "text", (c) => c.notNull().check(sql10`status in ('installed', 'uninstalled')`)).addColumn("installed_at", "timestamptz", (c) => c.notNull()).addColumn("updated_at", "timestamptz", (c) => c.notNull()).execute();
  await db.schema.createIndex("platform_installations_app_id").on("platform_installations").columns(["developer_app_id", "id"]).execute();
  await db.schema.createTable("platform_marketplace_views").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn(
    "developer_app_id",
    "integer",
    (c) => c.notNull().references("developer_apps.id").onDelete("cascade")
  ).addColumn("visitor_key", "text", (c) => c.notNull()).addColumn("day", "date", (c) => c.notNull()).addColumn("viewed_at", "timestamptz", (c) => c.notNull()).addUniqueConstraint("platform_marketplace_views_once_a_day", ["developer_app_id", "visitor_key", "day"]).execute();
  for (const table of ["platform_daily_installations", "platform_daily_views"]) {
    await db.schema.createTable(table).addColumn(
      "developer_app_id",
      "integer",
      (c) => c.notNull().references("developer_apps.id").onDelete("cascade")
    ).addColumn("day", "date", (c) => c.notNull()).addColumn("count", "integer", (c) => c.notNull()).addPrimaryKeyConstraint(`${table}_pkey`, ["developer_app_id", "day"]).execute();
  }
  await db.schema.createTable("platform_processed_events").addColumn("id", "text", (c) => c.primaryKey()).addColumn("type", "text", (c) => c.notNull()).addColumn("processed_at", "timestamptz", (c) => c.notNull().defaultTo(sql10`now()`)).execute();
}
async function down9(db) {
  for (const table of [
    "platform_processed_events",
    "platform_daily_views",
    "platform_daily_installations",
    "platform_marketplace_views",
    "platform_installations"
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

// apps/server/src/db/migrations/0010_changelog.ts
var changelog_exports = {};
__export(changelog_exports, {
  down: () => down10,
  up: () => up10
});
import { sql as sql11 } from "kysely";
async function up10(db) {
  await db.schema.createTable("changelog_entries").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("summary", "text", (c) => c.notNull()).addColumn("description", "text", (c) => c.notNull().defaultTo("")).addColumn("endpoint", "text").addColumn("type", "text", (c) => c.notNull()).addColumn("breaking", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("datestamp", "date", (c) => c.notNull()).addColumn("versions", "text").addColumn("link", "text").addColumn("public", "boolean", (c) => c.notNull().defaultTo(true)).addColumn("hidden", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("documentation_branch", "text").addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null")).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql11`now()`)).addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql11`now()`)).addCheckConstraint(
    "changelog_entries_type",
    sql11`type in ('fix', 'new', 'feature', 'refinement', 'deprecated', 'sunset', 'breaking')`
  ).addCheckConstraint("changelog_entries_breaking_type", sql11`type <> 'breaking' or breaking`).execute();
  await db.schema.createIndex("changelog_entries_shown_datestamp").on("changelog_entries").columns(["datestamp desc", "id desc"]).where(sql11.ref("hidden"), "=", false).execute();
  const any = db;
  await any.insertInto("changelog_entries").values(
    HISTORY.map(([datestamp2, type, breaking, endpoint2, versions, summary, description2, visibility]) => ({
      datestamp: datestamp2,
      type,
      breaking,
      endpoint: endpoint2,
      versions,
      summary,
      description: description2,
      link: endpoint2 ? `https://developers.example.com/reference/rest/${slug(endpoint2)}` : null,
      public: visibility !== "internal" && visibility !== "next",
      documentation_branch: visibility === "next" ? "next" : null
    }))
  ).execute();
}
async function down10(db) {
  await db.schema.dropTable("changelog_entries").ifExists().execute();
}
function slug(endpoint2) {
  return endpoint2.toLowerCase().replace(/\{[^}]*\}/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}
var HISTORY = [
  [
    "2023-01-17",
    "new",
    false,
    "GET /rest/v1.0/projects",
    "1.0+",
    "List the projects of a company.",
    "Returns the projects the calling user can access in the company named by the `Procore-Company-Id` header. Supports `filters[by_status]` and paging."
  ],
  [
    "2023-02-08",
    "new",
    false,
    "GET /rest/v1.0/companies/{company_id}/drawing_disciplines",
    "1.0+",
    "List the drawing disciplines of a company.",
    "Drawing disciplines group drawings (Architectural, Structural, MEP \u2026). The list is sorted by name."
  ],
  [
    "2023-03-02",
    "feature",
    false,
    "GET /rest/v1.0/projects",
    "1.0+",
    "Projects can be filtered by updated_at.",
    "Pass `filters[updated_at]=2023-01-01T00:00:00Z...2023-02-01T00:00:00Z` to fetch only projects changed in a time range \u2014 handy for incremental syncs."
  ],
  [
    "2023-03-21",
    "fix",
    false,
    "GET /rest/v1.0/projects/{project_id}/rfis",
    "1.0+",
    "RFI lists no longer repeat items across pages.",
    "Items with equal `created_at` could appear on two consecutive pages. The list now breaks ties by id."
  ],
  [
    "2023-04-12",
    "refinement",
    false,
    "POST /rest/v1.0/projects/{project_id}/submittals",
    "1.0+",
    "Submittal creation answers 422 with one error per field.",
    "Validation failures used to answer 400 with a single message. They now answer 422 with `errors` keyed by field name."
  ],
  [
    "2023-05-04",
    "new",
    false,
    "PATCH /rest/v1.0/companies/{company_id}/drawing_disciplines/{id}/rename",
    "1.0+",
    "Rename a drawing discipline in place.",
    "Renames a discipline and every drawing that refers to it in one call."
  ],
  [
    "2023-05-30",
    "feature",
    false,
    "GET /rest/v1.0/companies/{company_id}/users",
    "1.0+",
    "Company users include their last sign-in time.",
    "Each user now carries `last_login_at` (ISO 8601, UTC, or null when the user never signed in)."
  ],
  [
    "2023-06-22",
    "fix",
    false,
    "GET /rest/v1.0/projects/{project_id}/observations/items",
    "1.0+",
    "Observation items keep their time zone in due_date.",
    "Due dates were shifted by the server time zone for projects outside UTC."
  ],
  [
    "2023-07-18",
    "new",
    false,
    "GET /rest/v1.0/projects/{project_id}/markup_elements",
    "1.0+",
    "List the markup elements of a drawing revision.",
    "Markup elements (clouds, arrows, text, hyperlinks) of a drawing revision, paged."
  ],
  [
    "2023-08-09",
    "refinement",
    false,
    null,
    null,
    "Access tokens now expire after 5,400 seconds.",
    "The lifetime of OAuth access tokens went down from 7,200 s to 5,400 s. Refresh tokens are unchanged; clients that refresh on a 401 need no change."
  ],
  [
    "2023-09-14",
    "deprecated",
    false,
    "PATCH /rest/v1.0/companies/{company_id}/drawing_disciplines/{id}/rename",
    "1.0",
    "The in-place rename of drawing disciplines is deprecated.",
    "Use `PATCH /rest/v1.1/companies/{company_id}/drawing_disciplines/{id}` with a new `name` instead. The endpoint stays available for one year; new apps are denied access."
  ],
  [
    "2023-09-14",
    "new",
    false,
    "PATCH /rest/v1.1/companies/{company_id}/drawing_disciplines/{id}",
    "1.1+",
    "Update a drawing discipline.",
    'Replaces the rename endpoint: send `{"name": "\u2026"}` and any other attribute to change.'
  ],
  [
    "2023-10-03",
    "breaking",
    true,
    "GET /rest/v1.1/projects/{project_id}/markup_elements",
    "1.1+",
    "Markup elements answer a flat list with typed shapes.",
    "Version 1.1 answers a flat array in which each element has a `type` and a type-specific `shape`, instead of elements grouped by layer. Version 1.0 keeps the old format until it is sunset."
  ],
  [
    "2023-10-03",
    "feature",
    false,
    "GET /rest/v1.1/projects/{project_id}/markup_elements",
    "1.1+",
    "Markup elements can be fetched for a whole project domain.",
    "Pass `filters[domain]=drawings` (or `documents`, `photos`) to fetch the markup of every item of that domain in one paged list."
  ],
  [
    "2023-11-16",
    "fix",
    false,
    "POST /rest/v1.0/projects/{project_id}/daily_logs/manpower_logs",
    "1.0+",
    "Manpower logs accept zero workers.",
    "`num_workers: 0` was refused with a 422 although the web allows it."
  ],
  [
    "2023-12-05",
    "new",
    false,
    "GET /rest/v1.0/companies/{company_id}/webhooks/hooks",
    "1.0+",
    "List the webhooks of a company.",
    "Company-level hooks can now be listed and inspected, including their delivery URL and namespace."
  ],
  [
    "2024-01-23",
    "feature",
    false,
    "GET /rest/v1.0/projects/{project_id}/project_roles",
    "1.0+",
    "Project roles carry created_at and can be filtered by it.",
    "Each role now includes `created_at`; `filters[created_at]` takes a range like other date filters."
  ],
  [
    "2024-02-13",
    "new",
    false,
    "POST /rest/v1.0/projects/{project_id}/project_roles",
    "1.0+",
    "Create project roles.",
    'Creates a role on a project: `{"project_role": {"role": "Superintendent", "user_id": 42}}`.'
  ],
  [
    "2024-02-29",
    "fix",
    false,
    "GET /rest/v1.0/projects/{project_id}/project_roles",
    "1.0+",
    "Project roles of inactive users are listed again.",
    "Roles held by deactivated users were left out since the 2024-01-23 change."
  ],
  [
    "2024-03-19",
    "breaking",
    true,
    null,
    null,
    "The company id header is required on every call.",
    "Every request must carry the `Procore-Company-Id` header, including calls whose path names the company. Requests without it answer 400.\n\n```http\nProcore-Company-Id: 8089\n```"
  ],
  [
    "2024-04-10",
    "refinement",
    false,
    "GET /rest/v1.0/projects",
    "1.0+",
    "Project lists default to 100 items per page.",
    "The default page size went from 20 to 100 (the maximum stays 300). Clients that page with `per_page` are not affected."
  ],
  [
    "2024-05-07",
    "new",
    false,
    "POST /rest/v1.1/companies/{company_id}/uploads",
    "1.1+",
    "Direct uploads: step 1 creates a presigned upload.",
    "Direct upload is three steps: create the upload (this call) to get presigned part URLs, `PUT` the parts to storage, then complete the upload. Large files no longer pass through the API servers."
  ],
  [
    "2024-05-07",
    "new",
    false,
    "PATCH /rest/v1.1/companies/{company_id}/uploads/{upload_uuid}",
    "1.1+",
    "Direct uploads: step 3 completes the upload.",
    "Send the part ETags to complete a presigned direct upload; the answer carries the `upload_uuid` to attach to documents, drawings or photos."
  ],
  [
    "2024-05-07",
    "deprecated",
    false,
    "POST /rest/v1.0/companies/{company_id}/uploads",
    "1.0",
    "The single-request upload flow is deprecated.",
    "Use the three-step presigned direct upload of version 1.1. The old flow stays available for one year; new apps are denied access."
  ],
  [
    "2024-06-18",
    "feature",
    false,
    "GET /rest/v1.0/projects/{project_id}/submittals",
    "1.0+",
    "Submittals can be filtered by ball-in-court user.",
    "`filters[ball_in_court_id]` takes one user id or a list."
  ],
  [
    "2024-07-25",
    "fix",
    false,
    "GET /rest/v1.0/projects/{project_id}/documents",
    "1.0+",
    "Document names with emoji are returned intact.",
    "Names containing characters outside the Basic Multilingual Plane were truncated in responses."
  ],
  [
    "2024-08-27",
    "refinement",
    false,
    null,
    null,
    "Rate-limit headers are sent on every response.",
    "`X-Rate-Limit-Limit`, `X-Rate-Limit-Remaining` and `X-Rate-Limit-Reset` now come with every answer, not only with 429."
  ],
  [
    "2024-09-16",
    "sunset",
    false,
    "PATCH /rest/v1.0/companies/{company_id}/drawing_disciplines/{id}/rename",
    "1.0",
    "The in-place rename of drawing disciplines is no longer available.",
    "Deprecated on 2023-09-14. Calls answer 410 Gone; use version 1.1."
  ],
  [
    "2024-10-08",
    "sunset",
    false,
    "GET /rest/v1.0/projects/{project_id}/markup_elements",
    "1.0",
    "Version 1.0 of the markup elements list is no longer available.",
    "Move to version 1.1 (flat list with typed shapes)."
  ],
  [
    "2024-11-12",
    "new",
    false,
    "GET /rest/v1.0/projects/{project_id}/inspections/templates",
    "1.0+",
    "List inspection templates.",
    "The templates a project can create inspections from, with their sections and items."
  ],
  [
    "2024-12-03",
    "feature",
    false,
    "GET /rest/v1.0/companies/{company_id}/webhooks/hooks/{hook_id}/deliveries",
    "1.0+",
    "Webhook deliveries can be listed per hook.",
    "Each delivery includes the response status and timing, for debugging failed deliveries."
  ],
  [
    "2025-01-21",
    "breaking",
    true,
    "GET /rest/v1.2/projects/{project_id}/rfis",
    "1.2+",
    "RFI responses nest the assignees.",
    "Version 1.2 answers `assignees` as a list of objects with `id`, `name` and `response_required`, replacing the flat `assignee_ids`."
  ],
  [
    "2025-02-11",
    "deprecated",
    false,
    "GET /rest/v1.0/projects/{project_id}/rfis",
    "1.0, 1.1",
    "RFI list versions 1.0 and 1.1 are deprecated.",
    "Use version 1.2. Older versions stay available for one year; new apps are denied access."
  ],
  [
    "2025-03-04",
    "fix",
    false,
    "PATCH /rest/v1.0/projects/{project_id}/change_events/{id}",
    "1.0+",
    "Change event updates keep line items that were not sent.",
    "A partial update removed the line items it did not mention."
  ],
  [
    "2025-04-15",
    "refinement",
    false,
    "GET /rest/v1.0/companies/{company_id}/users",
    "1.0+",
    "Company user search matches e-mail addresses too.",
    "`filters[search]` now matches name, job title and e-mail address."
  ],
  [
    "2025-05-20",
    "sunset",
    false,
    "POST /rest/v1.0/companies/{company_id}/uploads",
    "1.0",
    "The single-request upload flow is no longer available.",
    "Deprecated on 2024-05-07. Use the presigned direct upload of version 1.1."
  ],
  [
    "2025-06-24",
    "new",
    false,
    "GET /rest/v1.0/projects/{project_id}/schedule/tasks",
    "1.0+",
    "List the schedule tasks of a project.",
    "Tasks with start, finish, percentage complete and their predecessors."
  ],
  [
    "2025-08-05",
    "feature",
    false,
    "GET /rest/v1.0/projects/{project_id}/schedule/tasks",
    "1.0+",
    "Schedule tasks can be filtered by date range.",
    "`filters[start_date]` and `filters[finish_date]` take ISO date ranges."
  ],
  [
    "2025-09-09",
    "fix",
    false,
    "GET /rest/v1.1/projects/{project_id}/markup_elements",
    "1.1+",
    "Hyperlink markup elements include their target.",
    "The `shape.target` of hyperlink elements was missing for links to other drawings."
  ],
  [
    "2025-10-21",
    "breaking",
    true,
    "GET /rest/v2.0/companies/{company_id}/projects/{project_id}/budget_views",
    "2.0+",
    "Budget views move to the company-scoped v2.0 path.",
    "Budget views are now read at `/rest/v2.0/companies/{company_id}/projects/{project_id}/budget_views`; amounts are decimal strings instead of floats."
  ],
  [
    "2025-11-18",
    "deprecated",
    false,
    "GET /rest/v1.0/budget_views",
    "1.0",
    "The unscoped budget views endpoint is deprecated.",
    "Use the company-scoped version 2.0 path. The endpoint stays available for one year."
  ],
  [
    "2026-01-13",
    "new",
    false,
    "GET /rest/v1.0/projects/{project_id}/correspondence_types",
    "1.0+",
    "List the correspondence types of a project.",
    "Generic tool types (Notices, Letters, \u2026) configured on a project."
  ],
  [
    "2026-02-10",
    "refinement",
    false,
    "POST /rest/v1.0/projects/{project_id}/observations/items",
    "1.0+",
    "Observation creation checks the assignee can see the project.",
    "An assignee without access to the project now answers 422 instead of creating an item nobody can act on."
  ],
  [
    "2026-03-17",
    "sunset",
    false,
    "GET /rest/v1.0/projects/{project_id}/rfis",
    "1.0, 1.1",
    "RFI list versions 1.0 and 1.1 are no longer available.",
    "Deprecated on 2025-02-11. Use version 1.2."
  ],
  [
    "2026-05-05",
    "feature",
    false,
    "GET /rest/v1.2/projects/{project_id}/rfis",
    "1.2+",
    "RFIs can be filtered by responsible contractor.",
    "`filters[responsible_contractor_id]` takes one vendor id or a list."
  ],
  [
    "2026-07-14",
    "fix",
    false,
    "GET /rest/v1.0/projects/{project_id}/inspections/templates",
    "1.0+",
    "Inspection templates list sections in their configured order.",
    "Sections were sorted by id instead of the order set in the template editor."
  ],
  [
    "2026-09-22",
    "new",
    false,
    "GET /rest/v1.0/projects/{project_id}/timesheets",
    "1.0+",
    "List the timesheets of a project.",
    "Timesheets with their time entries, approval status and cost codes."
  ],
  [
    "2026-10-27",
    "refinement",
    false,
    null,
    null,
    "Internal: partner rate limits are raised for certified apps.",
    "Certified marketplace apps get 7,200 requests per hour instead of 3,600. Not announced yet; partners are told by their manager.",
    "internal"
  ],
  [
    "2026-11-10",
    "deprecated",
    false,
    "GET /rest/v1.0/projects/{project_id}/timecard_entries",
    "1.0",
    "Internal: timecard entries will be deprecated for timesheets.",
    "To be announced once timesheets are out of beta.",
    "internal"
  ],
  [
    "2026-12-01",
    "breaking",
    true,
    "GET /rest/v2.0/companies/{company_id}/projects",
    "2.0+",
    "Preview: projects move to the company-scoped v2.0 path.",
    "Only on the `next` documentation branch until version 2.0 of projects is released.",
    "next"
  ]
];

// apps/server/src/db/migrations/0011_rate_limit_buckets.ts
var rate_limit_buckets_exports = {};
__export(rate_limit_buckets_exports, {
  down: () => down11,
  up: () => up11
});
import { sql as sql12 } from "kysely";
var SERVERS = [
  "Staging",
  "Production_US01",
  "Production_US02",
  "Production_UK01",
  "Monthly_Sandbox_US01",
  "Monthly_Sandbox_US02",
  "Integrator_Sandbox"
];
async function up11(db) {
  await db.schema.createTable("platform_rate_limit_buckets").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn("server", "text", (c) => c.notNull()).addColumn("name", "text", (c) => c.notNull()).addColumn("client_id", "text", (c) => c.notNull()).addColumn("domain", "text", (c) => c.notNull().defaultTo("")).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql12`now()`)).addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql12`now()`)).execute();
  await sql12`create unique index platform_rate_limit_buckets_name
    on platform_rate_limit_buckets (server, lower(name))`.execute(db);
  await db.schema.createTable("platform_rate_limit_bucket_templates").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn(
    "bucket_id",
    "integer",
    (c) => c.notNull().references("platform_rate_limit_buckets.id").onDelete("cascade")
  ).addColumn("position", "integer", (c) => c.notNull()).addColumn("name", "text", (c) => c.notNull()).addColumn("fill_type", "text", (c) => c.notNull().check(sql12`fill_type in ('count', 'quota')`)).addColumn("interval_ms", "integer", (c) => c.notNull().check(sql12`interval_ms > 0`)).addColumn("limit", "integer", (c) => c.notNull().check(sql12`"limit" >= 0`)).execute();
  await sql12`create unique index platform_rate_limit_bucket_templates_position
    on platform_rate_limit_bucket_templates (bucket_id, position)`.execute(db);
  for (const server of SERVERS) {
    await sql12`with bucket as (
        insert into platform_rate_limit_buckets (server, name, client_id, domain)
        values (${server}, 'default', '*', '') returning id
      )
      insert into platform_rate_limit_bucket_templates (bucket_id, position, name, fill_type, interval_ms, "limit")
      select id, 0, 'main', 'count', 3600000, 7200 from bucket
      union all select id, 1, 'spike', 'count', 10000, 100 from bucket`.execute(db);
  }
}
async function down11(db) {
  await db.schema.dropTable("platform_rate_limit_bucket_templates").execute();
  await db.schema.dropTable("platform_rate_limit_buckets").execute();
}

// apps/server/src/db/migrations/0012_admin_lists.ts
var admin_lists_exports = {};
__export(admin_lists_exports, {
  down: () => down12,
  up: () => up12
});
import { sql as sql13 } from "kysely";
async function up12(db) {
  await sql13`create sequence users_platform_id_seq start with 100001`.execute(db);
  await sql13`alter table users add column platform_id integer default nextval('users_platform_id_seq')`.execute(
    db
  );
  await sql13`alter sequence users_platform_id_seq owned by users.platform_id`.execute(db);
  await sql13`create unique index users_platform_id on users (platform_id)`.execute(db);
  for (const [table, column] of [
    ["developer_apps", "internal_name"],
    ["developer_apps", "name"],
    ["users", "email"],
    ["users", "name"],
    ["users", "company_name"],
    ["platform_oauth_applications", "name"],
    ["platform_oauth_applications", "uid"]
  ]) {
    await sql13`create index ${sql13.id(`${table}_${column}_trgm`)} on ${sql13.id(table)} using gin (${sql13.id(column)} gin_trgm_ops)`.execute(
      db
    );
  }
  await sql13`create index developer_apps_created on developer_apps (created_at, id)`.execute(db);
  await sql13`create index developer_apps_internal_name on developer_apps (internal_name, id)`.execute(db);
  await sql13`create index users_name_sort on users (name, id)`.execute(db);
  await sql13`create index users_company_sort on users (company_name, id)`.execute(db);
  await sql13`create index platform_oauth_applications_env_name on platform_oauth_applications (environment, name, id)`.execute(
    db
  );
  await sql13`create index app_versions_in_review on app_versions (updated_at, id) where state = 'in_review'`.execute(
    db
  );
  await sql13`create index marketplace_submissions_in_review on marketplace_submissions (submitted_at, id) where state = 'in_review'`.execute(
    db
  );
  await sql13`create index marketplace_submissions_published on marketplace_submissions (developer_app_id, published_at desc, id desc) where state = 'published'`.execute(
    db
  );
  await sql13`create index listing_review_events_state_time on listing_review_events (state, created_at)`.execute(
    db
  );
}
async function down12(db) {
  for (const name of [
    "listing_review_events_state_time",
    "marketplace_submissions_published",
    "marketplace_submissions_in_review",
    "app_versions_in_review",
    "platform_oauth_applications_env_name",
    "users_company_sort",
    "users_name_sort",
    "developer_apps_internal_name",
    "developer_apps_created",
    "platform_oauth_applications_uid_trgm",
    "platform_oauth_applications_name_trgm",
    "users_company_name_trgm",
    "users_name_trgm",
    "users_email_trgm",
    "developer_apps_name_trgm",
    "developer_apps_internal_name_trgm"
  ]) {
    await sql13`drop index if exists ${sql13.id(name)}`.execute(db);
  }
  await sql13`alter table users drop column platform_id`.execute(db);
}

// apps/server/src/db/migrations/0013_admin_apps.ts
var admin_apps_exports = {};
__export(admin_apps_exports, {
  down: () => down13,
  up: () => up13
});
import { sql as sql14 } from "kysely";
async function up13(db) {
  await db.schema.alterTable("developer_apps").addColumn("legacy", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("connectable", "boolean", (c) => c.notNull().defaultTo(false)).addColumn("allowed_cors_domains", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.createTable("integration_contacts").addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()).addColumn(
    "developer_app_id",
    "integer",
    (c) => c.notNull().references("developer_apps.id").onDelete("cascade")
  ).addColumn("name", "text", (c) => c.notNull()).addColumn("email", "text", (c) => c.notNull()).addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql14`now()`)).execute();
  await db.schema.createIndex("integration_contacts_app").on("integration_contacts").columns(["developer_app_id", "id"]).execute();
  await db.schema.createTable("platform_app_owners").addColumn(
    "developer_app_id",
    "integer",
    (c) => c.primaryKey().references("developer_apps.id").onDelete("cascade")
  ).addColumn("owner_user_id", "integer", (c) => c.notNull()).addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql14`now()`)).execute();
  await sql14`insert into platform_app_owners (developer_app_id, owner_user_id)
    select id, owner_id from developer_apps`.execute(db);
}
async function down13(db) {
  await db.schema.dropTable("platform_app_owners").ifExists().execute();
  await db.schema.dropTable("integration_contacts").ifExists().execute();
  await db.schema.alterTable("developer_apps").dropColumn("legacy").dropColumn("connectable").dropColumn("allowed_cors_domains").execute();
}

// apps/server/src/db/migrations/0014_platform_oauth_applications.ts
var platform_oauth_applications_exports = {};
__export(platform_oauth_applications_exports, {
  down: () => down14,
  up: () => up14
});
import { sql as sql15 } from "kysely";
async function up14(db) {
  await sql15`alter table platform_oauth_applications alter column developer_app_id drop not null`.execute(db);
  await sql15`alter table platform_oauth_applications drop constraint platform_oauth_environment`.execute(db);
  await sql15`alter table platform_oauth_applications add constraint platform_oauth_environment
    check (environment in ('production', 'sandbox', 'monthly_sandbox'))`.execute(db);
}
async function down14(db) {
  await sql15`delete from platform_oauth_applications where developer_app_id is null or environment = 'monthly_sandbox'`.execute(
    db
  );
  await sql15`alter table platform_oauth_applications drop constraint platform_oauth_environment`.execute(db);
  await sql15`alter table platform_oauth_applications add constraint platform_oauth_environment
    check (environment in ('production', 'sandbox'))`.execute(db);
  await sql15`alter table platform_oauth_applications alter column developer_app_id set not null`.execute(db);
}

// apps/server/src/db/migrations/index.ts
var migrations = {
  "0001_foundation": foundation_exports,
  "0002_notifications": notifications_exports,
  "0003_developer_apps": developer_apps_exports,
  "0004_oauth_secrets": oauth_secrets_exports,
  "0005_mail_quota": mail_quota_exports,
  "0006_manifests": manifests_exports,
  "0007_listings": listings_exports,
  "0008_audit_events": audit_events_exports,
  "0009_marketplace_metrics": marketplace_metrics_exports,
  "0010_changelog": changelog_exports,
  "0011_rate_limit_buckets": rate_limit_buckets_exports,
  "0012_admin_lists": admin_lists_exports,
  "0013_admin_apps": admin_apps_exports,
  "0014_platform_oauth_applications": platform_oauth_applications_exports
};

// apps/server/src/db/index.ts
var SerialDriver = class {
  constructor(inner) {
    this.inner = inner;
  }
  inner;
  #tail = Promise.resolve();
  #release;
  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    const previous = this.#tail;
    let release;
    this.#tail = new Promise((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.inner.acquireConnection();
  }
  async releaseConnection(connection) {
    await this.inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = void 0;
    release?.();
  }
  beginTransaction(connection, settings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection) {
    return this.inner.rollbackTransaction(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
};
var SerialPGliteDialect = class extends PGliteDialect {
  createDriver() {
    return new SerialDriver(super.createDriver());
  }
};
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(1082, (value) => value);
async function openPglite(dataDir) {
  if (dataDir !== "memory://") await fs.mkdir(dataDir, { recursive: true });
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm")
  ]);
  const pglite = await PGlite.create(dataDir === "memory://" ? void 0 : dataDir, {
    extensions: { pg_trgm },
    parsers: { 20: (value) => Number.parseInt(value, 10), 1082: (value) => value }
  });
  await pglite.exec("CREATE EXTENSION IF NOT EXISTS pg_trgm");
  return pglite;
}
function kyselyOnPglite(pglite) {
  return new Kysely({ dialect: new SerialPGliteDialect({ pglite }) });
}
function kyselyOnPostgres(connectionString, max = 10) {
  const pool = new pg.Pool({ connectionString, max });
  pool.on("error", (error) => process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`));
  pool.on("connect", (client) => {
    client.on(
      "error",
      (error) => process.emitWarning(`PostgreSQL dropped a connection in use: ${error.message}`)
    );
  });
  return { db: new Kysely({ dialect: new PostgresDialect({ pool }) }), pool };
}
async function openDatabase(options) {
  if (options.databaseUrl) {
    const { db: db2 } = kyselyOnPostgres(options.databaseUrl);
    await sql16`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db2);
    return { db: db2, kind: "postgres", connectionString: options.databaseUrl, close: () => db2.destroy() };
  }
  const pglite = await openPglite(path3.join(options.dataDir, "db"));
  const db = kyselyOnPglite(pglite);
  return {
    db,
    kind: "pglite",
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    }
  };
}
async function migrate(db) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

// apps/server/src/jobs/mail/repository.ts
import { sql as sql17 } from "kysely";
var TOKEN_IN_LINK = "([?&;]token=)[A-Za-z0-9_-]+";
var REDACTED_TOKEN = "\\1[redacted]";
var mailRepository = {
  /** Inserts each message once per idempotency key; returns the ids of the rows this call created. */
  async insertMany(db, emails) {
    const rows = await db.insertInto("outbound_emails").values(
      emails.map((email) => ({
        idempotency_key: email.idempotencyKey,
        to_address: email.to,
        subject: email.subject,
        template: email.template,
        text_body: email.text,
        html_body: email.html,
        last_error: null,
        notification_id: email.notificationId
      }))
    ).onConflict((c) => c.column("idempotency_key").doNothing()).returning("id").execute();
    return rows.map((row) => row.id);
  },
  /** Counts one more attempt on a message still queued, and returns it; undefined when sent or failed. */
  claimAttempt(db, id2) {
    return db.updateTable("outbound_emails").set({ attempts: sql17`attempts + 1`, updated_at: /* @__PURE__ */ new Date() }).where("id", "=", id2).where("status", "=", "queued").returningAll().executeTakeFirst();
  },
  /**
   * Sent: the stored copy keeps no usable link (issue 8 "secrets out of copies"). Confirmation, reset and
   * invitation tokens are redacted, so an administrator reading the copy sees that a link was sent but
   * cannot follow it.
   */
  async markSent(db, id2) {
    await db.updateTable("outbound_emails").set({
      status: "sent",
      sent_at: /* @__PURE__ */ new Date(),
      last_error: null,
      updated_at: /* @__PURE__ */ new Date(),
      text_body: sql17`regexp_replace(text_body, ${TOKEN_IN_LINK}, ${REDACTED_TOKEN}, 'g')`,
      html_body: sql17`regexp_replace(html_body, ${TOKEN_IN_LINK}, ${REDACTED_TOKEN}, 'g')`
    }).where("id", "=", id2).execute();
  },
  async recordFailure(db, id2, message2, final) {
    await db.updateTable("outbound_emails").set({
      last_error: message2.slice(0, 1e3),
      updated_at: /* @__PURE__ */ new Date(),
      ...final ? { status: "failed" } : {}
    }).where("id", "=", id2).where("status", "!=", "sent").execute();
  }
};

// apps/server/src/jobs/mail/templates.ts
function escapeHtml(value) {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
function layout(title, bodyHtml) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">Lintel</td></tr>
<tr><td style="font-size:15px;line-height:1.5">${bodyHtml}</td></tr>
</table></td></tr></table></body></html>`;
}
function button(url2, label) {
  return `<p><a href="${escapeHtml(url2)}" style="display:inline-block;background:#1c7ed6;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p><p style="font-size:13px;color:#52606d">Or paste this link into your browser: ${escapeHtml(url2)}</p>`;
}
var templates2 = {
  confirmation(data) {
    const subject = "Confirm your Lintel account";
    return {
      subject,
      text: `Hello ${data.name},

Welcome to Lintel. Confirm your e-mail address to finish signing up:

${data.url}

If you did not sign up, you can ignore this message.
`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>Welcome to Lintel. Confirm your e-mail address to finish signing up.</p>${button(data.url, "Confirm my e-mail address")}<p>If you did not sign up, you can ignore this message.</p>`
      )
    };
  },
  passwordReset(data) {
    const subject = "Reset your Lintel password";
    return {
      subject,
      text: `Hello ${data.name},

Someone asked to reset the password of your Lintel account. Choose a new password here (the link works once, for one hour):

${data.url}

If it was not you, ignore this message: your password stays as it is.
`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>Someone asked to reset the password of your Lintel account. The link works once, for one hour.</p>${button(data.url, "Choose a new password")}<p>If it was not you, ignore this message: your password stays as it is.</p>`
      )
    };
  },
  /** A critical announcement: subject = title, body = the summary; never the notification's body. */
  announcement(data) {
    return {
      subject: data.title,
      text: `${data.summaryText}

Read it on Lintel: ${data.url}

--
You receive critical announcements because they are switched on in your account settings: ${data.settingsUrl}
`,
      html: layout(
        data.title,
        `${data.summaryHtml}<p><a href="${escapeHtml(data.url)}">Read it on Lintel</a></p><p style="font-size:12px;color:#7b8794">You receive critical announcements because they are switched on in your <a href="${escapeHtml(data.settingsUrl)}">account settings</a>.</p>`
      )
    };
  },
  /** An invitation to collaborate on a developer app (spec 2 §4): who, which app, which role, until when. */
  invitation(data) {
    const subject = `${data.inviterName} invited you to collaborate on ${data.appName}`;
    const expires = `${data.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
    return {
      subject,
      text: `Hello,

${data.inviterName} (${data.inviterEmail}) invited ${data.email} to collaborate on the app "${data.appName}" on Lintel as ${data.role}.

Sign in with (or sign up for) an account with this e-mail address, then accept the invitation here:

${data.url}

The invitation expires on ${expires}. If you did not expect it, you can ignore this message.
`,
      html: layout(
        subject,
        `<p>Hello,</p><p>${escapeHtml(data.inviterName)} (${escapeHtml(data.inviterEmail)}) invited ${escapeHtml(data.email)} to collaborate on the app <strong>${escapeHtml(data.appName)}</strong> on Lintel as <strong>${escapeHtml(data.role)}</strong>.</p><p>Sign in with (or sign up for) an account with this e-mail address, then accept the invitation.</p>${button(data.url, "Accept the invitation")}<p>The invitation expires on ${escapeHtml(expires)}. If you did not expect it, you can ignore this message.</p>`
      )
    };
  },
  sandboxReady(data) {
    const subject = `Your sandbox for ${data.appName} is ready`;
    return {
      subject,
      text: `Hello ${data.name},

The sandbox of ${data.appName} is live. Its client id and redirect URIs are on the app's OAuth credentials page:

${data.url}
`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>The sandbox of <strong>${escapeHtml(data.appName)}</strong> is live. Its client id and redirect URIs are on the app's OAuth credentials page.</p>${button(data.url, "Open the app")}`
      )
    };
  },
  sandboxFailed(data) {
    const subject = `We could not build the sandbox for ${data.appName}`;
    return {
      subject,
      text: `Hello ${data.name},

Something went wrong building the sandbox of ${data.appName}. Our team has been notified and will follow up. You can check its state here:

${data.url}
`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>Something went wrong building the sandbox of <strong>${escapeHtml(data.appName)}</strong>. Our team has been notified and will follow up.</p>${button(data.url, "Open the app")}`
      )
    };
  },
  signUpAttempt(data) {
    const subject = "Someone tried to sign up with your address";
    return {
      subject,
      text: `Hello ${data.name},

Someone tried to create a Lintel account with this e-mail address, which already has one. Nothing changed. If it was you, sign in:

${data.signInUrl}

or, if you forgot your password, choose a new one:

${data.resetUrl}
`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>Someone tried to create a Lintel account with this e-mail address, which already has one. Nothing changed. If it was you, sign in, or choose a new password if you forgot it.</p>${button(data.signInUrl, "Sign in")}${button(data.resetUrl, "Choose a new password")}`
      )
    };
  },
  signInCeiling(data) {
    const subject = "Many failed sign-ins to your Lintel account";
    return {
      subject,
      text: `Hello ${data.name},

There were many failed attempts to sign in to your account in the last 15 minutes, from several addresses, so signing in is paused for a while. If this was not you, nothing of yours was reached; you may want to choose a new password:

${data.resetUrl}
`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(data.name)},</p><p>There were many failed attempts to sign in to your account in the last 15 minutes, from several addresses, so signing in is paused for a while. If this was not you, nothing of yours was reached; you may want to choose a new password.</p>${button(data.resetUrl, "Choose a new password")}`
      )
    };
  }
};

// apps/server/src/jobs/mail/mailer.ts
var MAIL_QUEUE = "mail.deliver";
var MAIL_DEAD_LETTER_QUEUE = "mail.dead";
function mailJobs(mailer, db, config) {
  return [
    {
      name: MAIL_QUEUE,
      retryLimit: config.mailMaxAttempts - 1,
      retryDelaySeconds: 2,
      deadLetter: MAIL_DEAD_LETTER_QUEUE,
      heartbeatSeconds: 30,
      batchSize: 25,
      concurrency: 2,
      handle: (job) => mailer.deliver(db, job)
    },
    {
      name: MAIL_DEAD_LETTER_QUEUE,
      retryLimit: 2,
      retryDelaySeconds: 5,
      handle: (job) => mailer.markDead(db, job)
    }
  ];
}
async function untilDone(step, budgetMs = 6e4) {
  const deadline = Date.now() + budgetMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 5e3)) {
    try {
      return await step();
    } catch (error) {
      if (Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
var Mailer = class {
  constructor(config, queue) {
    this.config = config;
    this.queue = queue;
  }
  config;
  queue;
  #transport;
  /**
   * The SMTP transport, made on the first delivery: nodemailer is loaded only by a server that sends
   * (about 20 MB a server without SMTP never needs). A pool of connections: a fan-out of thousands of
   * messages must not open one connection each.
   */
  transport(smtpUrl) {
    this.#transport ??= import("nodemailer").then(
      ({ default: nodemailer }) => nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: 5,
        maxMessages: 500,
        // A silent relay must not hold a worker for nodemailer's default ten minutes.
        connectionTimeout: 15e3,
        greetingTimeout: 15e3,
        socketTimeout: 6e4
      })
    );
    return this.#transport;
  }
  /** Records and enqueues one message; call it with the transaction of the change that causes it. */
  async enqueue(trx, request) {
    await this.enqueueMany(trx, [request]);
  }
  /** Records and enqueues many messages in one round trip each (fan-out); duplicates by key are skipped. */
  async enqueueMany(trx, requests) {
    if (requests.length === 0) return 0;
    const render = templates2[requests[0]?.template];
    const ids2 = await mailRepository.insertMany(
      trx,
      requests.map((request) => {
        const rendered = templates2[request.template](request.data);
        return {
          idempotencyKey: request.idempotencyKey,
          to: request.to,
          subject: rendered.subject,
          template: request.template,
          text: rendered.text,
          html: rendered.html,
          notificationId: request.notificationId ?? null
        };
      })
    );
    await this.queue.insert(
      trx,
      MAIL_QUEUE,
      ids2.map((id2) => ({ outboundEmailId: id2 }))
    );
    return ids2.length;
  }
  /** The mail job: idempotent (a sent message is never sent again), retried with backoff, failed at last. */
  async deliver(db, job) {
    if (!this.config.smtpUrl) return;
    const transport = await this.transport(this.config.smtpUrl);
    const email = await mailRepository.claimAttempt(db, job.outboundEmailId);
    if (!email) return;
    const attempts = email.attempts;
    try {
      await transport.sendMail({
        from: this.config.mailFrom,
        to: email.to_address,
        subject: email.subject,
        text: email.text_body,
        html: email.html_body,
        messageId: `<outbound-${email.id}.${email.idempotency_key.replace(/[^a-zA-Z0-9.-]/g, "-")}@lintel.localhost>`
      });
    } catch (error) {
      const final = attempts >= this.config.mailMaxAttempts;
      await mailRepository.recordFailure(
        db,
        email.id,
        error instanceof Error ? error.message : String(error),
        final
      );
      if (!final) throw error;
      return;
    }
    await untilDone(() => mailRepository.markSent(db, email.id));
  }
  /** Dead letters: the queue gave up on the message. */
  async markDead(db, job) {
    await mailRepository.recordFailure(db, job.outboundEmailId, "Gave up after the last retry.", true);
  }
  async close() {
    (await this.#transport)?.close();
  }
};

// apps/server/src/jobs/queue.ts
import { fromKysely, fromPglite, PgBoss } from "pg-boss";
var JobQueue = class {
  boss;
  #started = false;
  #known = /* @__PURE__ */ new Set();
  constructor(handle, options = {}) {
    const common = { schema: "pgboss", supervise: true, schedule: false, migrate: true };
    this.boss = handle.kind === "pglite" && handle.pglite ? new PgBoss({ ...common, db: fromPglite(handle.pglite), backend: "pglite" }) : new PgBoss({ ...common, connectionString: handle.connectionString, max: 4 });
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
    this.boss.on("error", (error) => {
      this.onError(error);
    });
  }
  pollingIntervalSeconds;
  onError = () => {
  };
  async start(queues) {
    await this.boss.start();
    this.#started = true;
    for (const queue of queues) {
      if (queue.deadLetter) await this.boss.createQueue(queue.deadLetter).catch(ignoreExists);
      const options = {
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
        ...queue.deadLetter ? { deadLetter: queue.deadLetter } : {},
        ...queue.heartbeatSeconds ? { heartbeatSeconds: queue.heartbeatSeconds } : {}
      };
      await this.boss.createQueue(queue.name, options).catch(ignoreExists);
      await this.boss.updateQueue(queue.name, options);
      for (const name of [queue.name, queue.deadLetter]) {
        if (!name) continue;
        await this.boss.findJobs(name, { id: NO_JOB });
        this.#known.add(name);
      }
    }
  }
  /** Enqueues inside the caller's transaction. */
  async send(executor, name, data, options = {}) {
    if (!this.#known.has(name)) throw new Error(`Queue ${name} was not declared at start`);
    await this.boss.send(name, data, { ...options, db: fromKysely(executor) });
  }
  /** Enqueues many jobs of one queue inside the caller's transaction. */
  async insert(executor, name, data) {
    if (data.length === 0) return;
    if (!this.#known.has(name)) throw new Error(`Queue ${name} was not declared at start`);
    await this.boss.insert(
      name,
      data.map((item) => ({ data: item })),
      { db: fromKysely(executor) }
    );
  }
  /**
   * Runs `handler` for every job of a queue: `batchSize` jobs per fetch, handled concurrently and settled
   * one by one (a failing job is retried alone). A full batch fetches the next one at once, so a deep
   * queue drains without waiting for the polling interval.
   */
  async work(name, handler, options = {}) {
    await this.boss.work(
      name,
      {
        pollingIntervalSeconds: this.pollingIntervalSeconds,
        localConcurrency: options.concurrency ?? 1,
        batchSize: options.batchSize ?? 1,
        // A full batch means more is waiting: fetch again at once instead of after the polling interval.
        burstWhenBatchFull: true,
        perJobResults: true
      },
      async (jobs) => {
        const outcomes = await Promise.allSettled(jobs.map((job) => handler(job)));
        return jobs.map((job, index) => {
          const outcome = outcomes[index];
          return outcome?.status === "fulfilled" ? { id: job.id, status: "completed" } : { id: job.id, status: "failed", output: { message: String(outcome?.reason) } };
        });
      }
    );
  }
  /** Stops fetching, lets running handlers finish (graceful), then stops. */
  async stop() {
    if (!this.#started) return;
    this.#started = false;
    await this.boss.stop({ graceful: true, timeout: 2e4, close: true });
  }
};
var NO_JOB = "00000000-0000-0000-0000-000000000000";
function ignoreExists(error) {
  if (!(error instanceof Error) || !/exists/i.test(error.message)) throw error;
}

// apps/server/src/jobs/workers.ts
async function startQueues(queue, jobs) {
  await queue.start([...jobs]);
}
async function startWorkers(queue, jobs) {
  for (const job of jobs) {
    await queue.work(job.name, (item) => job.handle(item.data), {
      batchSize: job.batchSize ?? 1,
      concurrency: job.concurrency ?? 1
    });
  }
}

// apps/server/src/platform/marketplace.ts
import { randomUUID as randomUUID2 } from "node:crypto";

// apps/server/src/platform/marketplace-repository.ts
import { sql as sql18 } from "kysely";
var utcDay = (at) => at.toISOString().slice(0, 10);
var marketplaceRepository = {
  /** Marks an event id processed; false when it was processed before (the replay changes nothing). */
  async claimEvent(db, id2, type) {
    const row = await db.insertInto("platform_processed_events").values({ id: id2, type, processed_at: /* @__PURE__ */ new Date() }).onConflict((c) => c.column("id").doNothing()).returning("id").executeTakeFirst();
    return row !== void 0;
  },
  insertInstallation(db, values) {
    return db.insertInto("platform_installations").values({
      developer_app_id: values.appId,
      company_name: values.companyName,
      company_is_demo: values.companyIsDemo,
      user_email_address: values.userEmailAddress,
      status: "installed",
      installed_at: values.at,
      updated_at: values.at
    }).returningAll().executeTakeFirstOrThrow();
  },
  /** The company's newest installed installation of the app (an uninstall event names the company). */
  findInstalledByCompany(db, appId2, companyName) {
    return db.selectFrom("platform_installations").selectAll().where("developer_app_id", "=", appId2).where("company_name", "=", companyName).where("status", "=", "installed").orderBy("id", "desc").limit(1).executeTakeFirst();
  },
  findInstallation(db, appId2, id2) {
    return db.selectFrom("platform_installations").selectAll().where("developer_app_id", "=", appId2).where("id", "=", id2).executeTakeFirst();
  },
  markUninstalled(db, id2, at) {
    return db.updateTable("platform_installations").set({ status: "uninstalled", updated_at: at }).where("id", "=", id2).returningAll().executeTakeFirstOrThrow();
  },
  /** Records a view unless the visitor was counted that day; true when it was new. */
  async insertView(db, appId2, visitorKey, at) {
    const row = await db.insertInto("platform_marketplace_views").values({ developer_app_id: appId2, visitor_key: visitorKey, day: utcDay(at), viewed_at: at }).onConflict((c) => c.columns(["developer_app_id", "visitor_key", "day"]).doNothing()).returning("id").executeTakeFirst();
    return row !== void 0;
  },
  /** Adds one to the day's aggregate (atomic: concurrent events each count). */
  async increment(db, table, appId2, at) {
    await db.insertInto(table).values({ developer_app_id: appId2, day: utcDay(at), count: 1 }).onConflict(
      (c) => c.columns(["developer_app_id", "day"]).doUpdateSet({ count: sql18`${sql18.ref(`${table}.count`)} + 1` })
    ).execute();
  },
  async daily(db, table, appId2) {
    const rows = await db.selectFrom(table).select([sql18`to_char(day, 'YYYY-MM-DD')`.as("day"), "count"]).where("developer_app_id", "=", appId2).orderBy("day").execute();
    return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
  },
  async installationsPage(db, appId2, page) {
    const [rows, total] = await Promise.all([
      db.selectFrom("platform_installations").selectAll().where("developer_app_id", "=", appId2).orderBy("id", "desc").limit(page.limit).offset(page.offset).execute(),
      // The total from the daily counts (each installation adds one to its day, in its own
      // transaction): a few hundred rows, where counting the raw rows reads one per installation.
      db.selectFrom("platform_daily_installations").select((eb) => eb.fn.coalesce(eb.fn.sum("count"), eb.lit(0)).as("n")).where("developer_app_id", "=", appId2).executeTakeFirstOrThrow()
    ]);
    return { rows, total: Number(total.n) };
  },
  /** One batch of the CSV: the installations after `afterId`, by id (keyset, no OFFSET). */
  installationsAfter(db, appId2, afterId, limit) {
    return db.selectFrom("platform_installations").selectAll().where("developer_app_id", "=", appId2).where("id", ">", afterId).orderBy("id").limit(limit).execute();
  }
};

// apps/server/src/platform/marketplace.ts
function toInstallation(row) {
  return {
    id: row.id,
    appId: row.developer_app_id,
    companyName: row.company_name,
    companyIsDemo: row.company_is_demo,
    userEmailAddress: row.user_email_address,
    status: row.status,
    installedAt: row.installed_at,
    updatedAt: row.updated_at
  };
}
var EmbeddedMarketplace = class {
  constructor(db) {
    this.db = db;
  }
  db;
  record(event) {
    return this.db.transaction().execute(async (trx) => {
      if (!await marketplaceRepository.claimEvent(trx, event.id, event.type)) return { outcome: "duplicate" };
      switch (event.type) {
        case "installation.created": {
          const row = await marketplaceRepository.insertInstallation(trx, {
            appId: event.appId,
            companyName: event.companyName ?? "",
            companyIsDemo: event.companyIsDemo,
            userEmailAddress: event.userEmailAddress,
            at: event.occurredAt
          });
          await marketplaceRepository.increment(trx, "platform_daily_installations", event.appId, event.occurredAt);
          return { outcome: "recorded", installation: toInstallation(row) };
        }
        case "installation.uninstalled": {
          const found = await marketplaceRepository.findInstalledByCompany(trx, event.appId, event.companyName ?? "");
          if (!found) throw new NothingInstalled();
          const row = await marketplaceRepository.markUninstalled(trx, found.id, event.occurredAt);
          return { outcome: "recorded", installation: toInstallation(row) };
        }
        case "marketplace_app.viewed": {
          const fresh = await marketplaceRepository.insertView(
            trx,
            event.appId,
            event.visitorKey ?? `event:${event.id}`,
            event.occurredAt
          );
          if (!fresh) return { outcome: "ignored" };
          await marketplaceRepository.increment(trx, "platform_daily_views", event.appId, event.occurredAt);
          return { outcome: "recorded" };
        }
      }
    }).catch((error) => {
      if (error instanceof NothingInstalled) return { outcome: "no_installation" };
      throw error;
    });
  }
  async install(appId2, company) {
    const { installation } = await this.record({
      id: `embedded:${randomUUID2()}`,
      type: "installation.created",
      appId: appId2,
      occurredAt: /* @__PURE__ */ new Date(),
      ...company
    });
    if (!installation) throw new Error("installation not recorded");
    return installation;
  }
  async uninstall(appId2, installationId, userEmailAddress) {
    return this.db.transaction().execute(async (trx) => {
      const row = await marketplaceRepository.findInstallation(trx, appId2, installationId);
      if (row?.status !== "installed" || row.user_email_address !== userEmailAddress) return void 0;
      await marketplaceRepository.claimEvent(trx, `embedded:${randomUUID2()}`, "installation.uninstalled");
      return toInstallation(await marketplaceRepository.markUninstalled(trx, row.id, /* @__PURE__ */ new Date()));
    });
  }
  async view(appId2, visitorKey, at = /* @__PURE__ */ new Date()) {
    await this.record({
      id: `embedded:${randomUUID2()}`,
      type: "marketplace_app.viewed",
      appId: appId2,
      occurredAt: at,
      companyName: null,
      companyIsDemo: false,
      userEmailAddress: null,
      visitorKey
    });
  }
  dailyInstallations(appId2) {
    return marketplaceRepository.daily(this.db, "platform_daily_installations", appId2);
  }
  dailyViews(appId2) {
    return marketplaceRepository.daily(this.db, "platform_daily_views", appId2);
  }
  async installations(appId2, page) {
    const { rows, total } = await marketplaceRepository.installationsPage(this.db, appId2, page);
    return { rows: rows.map(toInstallation), total };
  }
  async *installationBatches(appId2, batchSize) {
    let afterId = 0;
    for (; ; ) {
      const rows = await marketplaceRepository.installationsAfter(this.db, appId2, afterId, batchSize);
      if (rows.length === 0) return;
      yield rows.map(toInstallation);
      afterId = rows[rows.length - 1]?.id ?? afterId;
      if (rows.length < batchSize) return;
    }
  }
};
var NothingInstalled = class extends Error {
};

// apps/server/src/platform/quota-minder.ts
var UNIQUE_VIOLATION = "23505";
function isUniqueViolation(error) {
  return typeof error === "object" && error !== null && error.code === UNIQUE_VIOLATION;
}
var repo = {
  buckets(db, server) {
    return db.selectFrom("platform_rate_limit_buckets").selectAll().where("server", "=", server).orderBy("name").orderBy("id").execute();
  },
  bucket(db, server, id2) {
    return db.selectFrom("platform_rate_limit_buckets").selectAll().where("server", "=", server).where("id", "=", id2).executeTakeFirst();
  },
  async nameTaken(db, server, name, exceptId) {
    let query = db.selectFrom("platform_rate_limit_buckets").select("id").where("server", "=", server).where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
    if (exceptId !== void 0) query = query.where("id", "<>", exceptId);
    return await query.executeTakeFirst() !== void 0;
  },
  templates(db, bucketIds) {
    if (bucketIds.length === 0) return Promise.resolve([]);
    return db.selectFrom("platform_rate_limit_bucket_templates").selectAll().where("bucket_id", "in", bucketIds).orderBy("bucket_id").orderBy("position").execute();
  },
  insertBucket(db, server, input, now) {
    return db.insertInto("platform_rate_limit_buckets").values({
      server,
      name: input.name,
      client_id: input.clientId,
      domain: input.domain,
      created_at: now,
      updated_at: now
    }).returningAll().executeTakeFirstOrThrow();
  },
  async updateBucket(db, id2, changes, now) {
    await db.updateTable("platform_rate_limit_buckets").set({
      ...changes.name !== void 0 ? { name: changes.name } : {},
      ...changes.clientId !== void 0 ? { client_id: changes.clientId } : {},
      ...changes.domain !== void 0 ? { domain: changes.domain } : {},
      updated_at: now
    }).where("id", "=", id2).execute();
  },
  async replaceTemplates(db, bucketId, templates3) {
    await db.deleteFrom("platform_rate_limit_bucket_templates").where("bucket_id", "=", bucketId).execute();
    if (templates3.length === 0) return;
    await db.insertInto("platform_rate_limit_bucket_templates").values(
      templates3.map((template, position) => ({
        bucket_id: bucketId,
        position,
        name: template.name,
        fill_type: template.fillType,
        interval_ms: template.intervalMs,
        limit: template.limit
      }))
    ).execute();
  },
  async deleteBucket(db, server, id2) {
    const deleted = await db.deleteFrom("platform_rate_limit_buckets").where("server", "=", server).where("id", "=", id2).returning("id").executeTakeFirst();
    return deleted !== void 0;
  }
};
var EmbeddedQuotaMinder = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  quotaMinderServers() {
    return this.deps.servers;
  }
  async listBuckets(server) {
    const rows = await repo.buckets(this.deps.db, server);
    return this.withTemplates(this.deps.db, rows);
  }
  async findBucket(server, id2, within) {
    const db = within ?? this.deps.db;
    const row = await repo.bucket(db, server, id2);
    return row ? (await this.withTemplates(db, [row]))[0] : void 0;
  }
  createBucket(server, input, within) {
    return this.inTransaction(within, async (trx) => {
      if (await repo.nameTaken(trx, server, input.name)) return "name_taken";
      const row = await repo.insertBucket(trx, server, input, /* @__PURE__ */ new Date());
      await repo.replaceTemplates(trx, row.id, input.templates);
      return this.required(trx, server, row.id);
    });
  }
  updateBucket(server, id2, changes, within) {
    return this.inTransaction(within, async (trx) => {
      const row = await repo.bucket(trx, server, id2);
      if (!row) return void 0;
      if (changes.name !== void 0 && await repo.nameTaken(trx, server, changes.name, id2)) {
        return "name_taken";
      }
      await repo.updateBucket(trx, id2, changes, /* @__PURE__ */ new Date());
      if (changes.templates) await repo.replaceTemplates(trx, id2, changes.templates);
      return this.required(trx, server, id2);
    });
  }
  deleteBucket(server, id2, within) {
    return repo.deleteBucket(within ?? this.deps.db, server, id2);
  }
  /** Runs in the portal's transaction when given; a name taken meanwhile (a race) is still 'name_taken'. */
  async inTransaction(within, work) {
    try {
      return within ? await work(within) : await this.deps.db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) return "name_taken";
      throw error;
    }
  }
  async required(db, server, id2) {
    const bucket = await this.findBucket(server, id2, db);
    if (!bucket) throw new Error(`bucket ${id2} vanished`);
    return bucket;
  }
  async withTemplates(db, rows) {
    const templates3 = await repo.templates(
      db,
      rows.map((row) => row.id)
    );
    return rows.map((row) => ({
      id: row.id,
      server: row.server,
      name: row.name,
      clientId: row.client_id,
      domain: row.domain,
      templates: templates3.filter((template) => template.bucket_id === row.id).map((template) => ({
        name: template.name,
        fillType: template.fill_type,
        intervalMs: template.interval_ms,
        limit: template.limit
      })),
      createdAt: row.created_at,
      updatedAt: row.updated_at
    }));
  }
};

// apps/server/src/platform/repository.ts
var platformRepository = {
  insertSandbox(db, appId2, now) {
    return db.insertInto("platform_sandboxes").values({
      developer_app_id: appId2,
      status: "pending",
      created_at: now,
      updated_at: now,
      company_id: null,
      url: null,
      oauth_application_id: null
    }).onConflict((c) => c.column("developer_app_id").doUpdateSet({ status: "pending", updated_at: now })).returningAll().executeTakeFirstOrThrow();
  },
  findSandbox(db, id2) {
    return db.selectFrom("platform_sandboxes").selectAll().where("id", "=", id2).executeTakeFirst();
  },
  sandboxOfApp(db, appId2) {
    return db.selectFrom("platform_sandboxes").selectAll().where("developer_app_id", "=", appId2).executeTakeFirst();
  },
  /** The status of each app's sandbox: the two columns a list needs, not the whole row. */
  sandboxStatusesOfApps(db, appIds) {
    if (appIds.length === 0) return Promise.resolve([]);
    return db.selectFrom("platform_sandboxes").select(["developer_app_id", "status"]).where("developer_app_id", "in", appIds).execute();
  },
  /** Moves a pending sandbox on; returns undefined when it was no longer pending (idempotent job). */
  finishSandbox(db, id2, outcome, now, onlyIfPending) {
    let query = db.updateTable("platform_sandboxes").set({
      status: outcome.status,
      company_id: outcome.companyId,
      url: outcome.url,
      oauth_application_id: outcome.oauthApplicationId,
      updated_at: now
    }).where("id", "=", id2);
    if (onlyIfPending) query = query.where("status", "=", "pending");
    return query.returningAll().executeTakeFirst();
  },
  insertOAuthApplication(db, values, now) {
    return db.insertInto("platform_oauth_applications").values({
      uid: values.uid,
      secret_hash: values.secretHash,
      secret_sealed: values.secretSealed,
      name: values.name,
      environment: values.environment,
      developer_app_id: values.appId,
      redirect_uri: values.redirectUri,
      created_at: now,
      updated_at: now,
      secret_rotated_at: null
    }).returningAll().executeTakeFirstOrThrow();
  },
  oauthApplicationOf(db, appId2, environment2) {
    return db.selectFrom("platform_oauth_applications").selectAll().where("developer_app_id", "=", appId2).where("environment", "=", environment2).executeTakeFirst();
  },
  /** A portal app's OAuth application (the platform's own, without an app, are not the portal's). */
  findOAuthApplicationById(db, id2) {
    return db.selectFrom("platform_oauth_applications").selectAll().where("id", "=", id2).where("developer_app_id", "is not", null).where("environment", "in", ["production", "sandbox"]).executeTakeFirst();
  },
  /** A page of one environment's OAuth applications (no secret columns), for the admin list. */
  async listOAuthApplications(db, query) {
    let base2 = db.selectFrom("platform_oauth_applications").where("environment", "=", query.environment);
    if (query.name) base2 = base2.where("name", "ilike", likePattern(query.name));
    if (query.uid) base2 = base2.where("uid", "ilike", likePattern(query.uid));
    if (query.search) {
      const pattern = likePattern(query.search);
      base2 = base2.where((eb) => eb.or([eb("name", "ilike", pattern), eb("uid", "ilike", pattern)]));
    }
    const { total } = await base2.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
    let rows = base2.select(["uid", "name", "developer_app_id", "environment", "created_at", "id"]);
    for (const term of query.sort) rows = rows.orderBy(term.key, term.direction);
    rows = rows.orderBy("id", "asc");
    return {
      rows: await rows.limit(query.perPage).offset((query.page - 1) * query.perPage).execute(),
      total: Number(total)
    };
  },
  /** A portal app's OAuth application by uid (the platform's own, without an app, are not the portal's). */
  findOAuthApplicationByUid(db, uid) {
    return db.selectFrom("platform_oauth_applications").selectAll().where("uid", "=", uid).where("developer_app_id", "is not", null).where("environment", "in", ["production", "sandbox"]).executeTakeFirst();
  },
  rotateSecret(db, id2, secret, now) {
    return db.updateTable("platform_oauth_applications").set({
      secret_hash: secret.hash,
      secret_sealed: secret.sealed,
      secret_revealed_at: null,
      revoked_at: null,
      secret_rotated_at: now,
      updated_at: now
    }).where("id", "=", id2).returningAll().executeTakeFirstOrThrow();
  },
  async revoke(db, id2, now) {
    await db.updateTable("platform_oauth_applications").set({ revoked_at: now, secret_sealed: null, updated_at: now }).where("id", "=", id2).execute();
  },
  /** Takes the sealed copy out, once: the row keeps only the hash and when it was revealed. */
  async takeSealedSecret(db, id2, now) {
    return db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("platform_oauth_applications").select("secret_sealed").where("id", "=", id2).forUpdate().executeTakeFirst();
      if (!row?.secret_sealed) return null;
      await trx.updateTable("platform_oauth_applications").set({ secret_sealed: null, secret_revealed_at: now, updated_at: now }).where("id", "=", id2).execute();
      return row.secret_sealed;
    });
  },
  async updateOAuthApplication(db, id2, changes, now) {
    await db.updateTable("platform_oauth_applications").set({ ...changes, updated_at: now }).where("id", "=", id2).execute();
  },
  async appOwner(db, appId2) {
    const row = await db.selectFrom("platform_app_owners").select("owner_user_id").where("developer_app_id", "=", appId2).executeTakeFirst();
    return row?.owner_user_id ?? null;
  },
  async setAppOwner(db, appId2, ownerUserId, now) {
    await db.insertInto("platform_app_owners").values({ developer_app_id: appId2, owner_user_id: ownerUserId, updated_at: now }).onConflict(
      (c) => c.column("developer_app_id").doUpdateSet({ owner_user_id: ownerUserId, updated_at: now })
    ).execute();
  }
};

// apps/server/src/platform/embedded.ts
var SANDBOX_PROVISION_QUEUE = "platform.sandbox.provision";
function toOAuthApplication(row) {
  return {
    uid: row.uid,
    appId: row.developer_app_id,
    environment: row.environment,
    name: row.name,
    redirectUri: row.redirect_uri,
    confidential: row.confidential,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    secretRotatedAt: row.secret_rotated_at,
    secretRevealable: row.environment === "production" && row.secret_sealed !== null && row.revoked_at === null,
    revoked: row.revoked_at !== null
  };
}
var EmbeddedPlatform = class {
  constructor(deps) {
    this.deps = deps;
    this.marketplace = new EmbeddedMarketplace(deps.db);
    this.#quotaMinder = new EmbeddedQuotaMinder({
      db: deps.db,
      servers: deps.config.qaHost ? QA_QUOTA_MINDER_SERVERS : QUOTA_MINDER_SERVERS
    });
  }
  deps;
  #listeners = [];
  marketplace;
  // The rate-limit buckets (spec 1 §2): the embedded quota-minder keeps them in our database.
  #quotaMinder;
  quotaMinderServers() {
    return this.#quotaMinder.quotaMinderServers();
  }
  listBuckets(server) {
    return this.#quotaMinder.listBuckets(server);
  }
  findBucket(server, id2, within) {
    return this.#quotaMinder.findBucket(server, id2, within);
  }
  createBucket(server, input, within) {
    return this.#quotaMinder.createBucket(server, input, within);
  }
  updateBucket(server, id2, changes, within) {
    return this.#quotaMinder.updateBucket(server, id2, changes, within);
  }
  deleteBucket(server, id2, within) {
    return this.#quotaMinder.deleteBucket(server, id2, within);
  }
  onSandboxFinished(listener) {
    this.#listeners.push(listener);
  }
  jobs() {
    return [
      {
        name: SANDBOX_PROVISION_QUEUE,
        retryLimit: 10,
        retryDelaySeconds: 5,
        handle: (data) => this.finishProvisioning(data)
      }
    ];
  }
  async requestSandbox(appId2, _appName, now = /* @__PURE__ */ new Date()) {
    const { db, config, schedule } = this.deps;
    const row = await db.transaction().execute(async (trx) => {
      const sandbox = await platformRepository.insertSandbox(trx, appId2, now);
      await schedule(
        trx,
        SANDBOX_PROVISION_QUEUE,
        { sandboxId: sandbox.id },
        new Date(now.getTime() + config.sandboxProvisionDelayMs)
      );
      return sandbox;
    });
    return this.toSandbox(db, row);
  }
  /**
   * The provisioning job: a pending sandbox ends live or failed, then the listeners hear of it. When a
   * listener fails the job runs again; the sandbox is final by then and only the event is repeated.
   */
  async finishProvisioning(job, now = /* @__PURE__ */ new Date()) {
    const { db, config } = this.deps;
    const finished = await db.transaction().execute(async (trx) => {
      const sandbox = await platformRepository.findSandbox(trx, job.sandboxId);
      if (!sandbox) return void 0;
      if (sandbox.status !== "pending") return sandbox;
      if (config.sandboxProvisionOutcome === "failed") {
        return platformRepository.finishSandbox(
          trx,
          sandbox.id,
          { status: "failed", companyId: null, url: null, oauthApplicationId: null },
          now,
          true
        );
      }
      await this.makeLive(trx, sandbox.id, sandbox.developer_app_id, now, true);
      return platformRepository.findSandbox(trx, sandbox.id);
    });
    if (!finished || finished.status === "pending") return;
    const event = {
      appId: finished.developer_app_id,
      sandboxId: finished.id,
      status: finished.status
    };
    for (const listener of this.#listeners) await listener(event);
  }
  async generateFakeSandbox(appId2, _appName, now = /* @__PURE__ */ new Date()) {
    const { db } = this.deps;
    const secret = await db.transaction().execute(async (trx) => {
      const existing = await platformRepository.sandboxOfApp(trx, appId2);
      const sandbox2 = existing ?? await platformRepository.insertSandbox(trx, appId2, now);
      return this.makeLive(trx, sandbox2.id, appId2, now, false);
    });
    const sandbox = await this.sandboxOf(appId2);
    if (!sandbox) throw new Error(`sandbox of app ${appId2} vanished`);
    return { sandbox, secret };
  }
  async makeLive(trx, sandboxId, appId2, now, onlyIfPending) {
    const issued = await this.issue(trx, appId2, "sandbox", `Sandbox of app ${appId2}`, "", now);
    const companyId = 4e6 + sandboxId;
    await platformRepository.finishSandbox(
      trx,
      sandboxId,
      {
        status: "live",
        companyId,
        url: `https://sandbox.platform.example/companies/${companyId}`,
        oauthApplicationId: issued.id
      },
      now,
      onlyIfPending
    );
    return { uid: issued.uid, secret: issued.secret };
  }
  async toSandbox(db, row) {
    const oauth = row.oauth_application_id ? await platformRepository.findOAuthApplicationById(db, row.oauth_application_id) : void 0;
    return {
      id: row.id,
      appId: row.developer_app_id,
      status: row.status,
      companyId: row.company_id,
      url: row.url,
      oauth: oauth ? toOAuthApplication(oauth) : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at
    };
  }
  async sandboxOf(appId2) {
    const row = await platformRepository.sandboxOfApp(this.deps.db, appId2);
    return row ? this.toSandbox(this.deps.db, row) : void 0;
  }
  async sandboxStatuses(appIds) {
    const rows = await platformRepository.sandboxStatusesOfApps(this.deps.db, [...appIds]);
    return new Map(rows.map((row) => [row.developer_app_id, row.status]));
  }
  async findSandbox(sandboxId) {
    const row = await platformRepository.findSandbox(this.deps.db, sandboxId);
    return row ? this.toSandbox(this.deps.db, row) : void 0;
  }
  async createProductionApplication(appId2, appName3, redirectUri, now = /* @__PURE__ */ new Date()) {
    const issued = await this.deps.db.transaction().execute((trx) => this.issue(trx, appId2, "production", appName3, redirectUri, now));
    return { uid: issued.uid, secret: issued.secret };
  }
  async oauthApplicationOf(appId2, environment2) {
    const row = await platformRepository.oauthApplicationOf(this.deps.db, appId2, environment2);
    return row ? toOAuthApplication(row) : void 0;
  }
  async findOAuthApplication(uid) {
    const row = await platformRepository.findOAuthApplicationByUid(this.deps.db, uid);
    return row ? toOAuthApplication(row) : void 0;
  }
  async listOAuthApplications(query) {
    const { rows, total } = await platformRepository.listOAuthApplications(this.deps.db, query);
    return {
      applications: rows.map((row) => ({
        uid: row.uid,
        name: row.name,
        appId: row.developer_app_id,
        environment: row.environment,
        createdAt: row.created_at
      })),
      total
    };
  }
  // On PGlite's one connection a statement outside the caller's open transaction would wait for it
  // forever: the reset joins that transaction when given one.
  async resetSecret(uid, within, now = /* @__PURE__ */ new Date()) {
    const db = within ?? this.deps.db;
    const row = await platformRepository.findOAuthApplicationByUid(db, uid);
    if (!row) throw new Error(`no OAuth application ${uid}`);
    if (row.revoked_at) throw new Error(`OAuth application ${uid} is revoked`);
    const secret = randomToken(32);
    await platformRepository.rotateSecret(db, row.id, this.stored(secret), now);
    return { uid, secret };
  }
  async sandboxSecret(uid) {
    const row = await platformRepository.findOAuthApplicationByUid(this.deps.db, uid);
    if (row?.environment !== "sandbox" || !row.secret_sealed) return null;
    return this.deps.secrets.open(row.secret_sealed);
  }
  async revealSecret(uid, now = /* @__PURE__ */ new Date()) {
    const row = await platformRepository.findOAuthApplicationByUid(this.deps.db, uid);
    if (row?.environment !== "production" || row.revoked_at) return null;
    const sealed = await platformRepository.takeSealedSecret(this.deps.db, row.id, now);
    return sealed === null ? null : this.deps.secrets.open(sealed);
  }
  async revokeApplication(uid, now = /* @__PURE__ */ new Date()) {
    const row = await platformRepository.findOAuthApplicationByUid(this.deps.db, uid);
    if (row && !row.revoked_at) await platformRepository.revoke(this.deps.db, row.id, now);
  }
  async appOwner(appId2) {
    return platformRepository.appOwner(this.deps.db, appId2);
  }
  async setAppOwner(appId2, ownerUserId, now = /* @__PURE__ */ new Date()) {
    await platformRepository.setAppOwner(this.deps.db, appId2, ownerUserId, now);
  }
  /** What the platform keeps of a new secret: its hash, and its sealed copy while it may be shown. */
  stored(secret) {
    return { hash: hashToken(secret), sealed: this.deps.secrets.seal(secret) };
  }
  async updateOAuthApplication(uid, changes) {
    const row = await platformRepository.findOAuthApplicationByUid(this.deps.db, uid);
    if (!row) throw new Error(`no OAuth application ${uid}`);
    await platformRepository.updateOAuthApplication(
      this.deps.db,
      row.id,
      {
        ...changes.redirectUri !== void 0 ? { redirect_uri: changes.redirectUri } : {},
        ...changes.confidential !== void 0 ? { confidential: changes.confidential } : {}
      },
      /* @__PURE__ */ new Date()
    );
  }
  /** Creates the OAuth application of one environment, or rotates its secret when it exists. */
  async issue(trx, appId2, environment2, name, redirectUri, now) {
    const secret = randomToken(32);
    const existing = await platformRepository.oauthApplicationOf(trx, appId2, environment2);
    if (existing) {
      const row2 = await platformRepository.rotateSecret(trx, existing.id, this.stored(secret), now);
      return { id: row2.id, uid: row2.uid, secret };
    }
    const { hash, sealed } = this.stored(secret);
    const row = await platformRepository.insertOAuthApplication(
      trx,
      { uid: randomToken(24), secretHash: hash, secretSealed: sealed, name, environment: environment2, appId: appId2, redirectUri },
      now
    );
    return { id: row.id, uid: row.uid, secret };
  }
};

// apps/server/src/secrets-key.ts
import { randomBytes as randomBytes3 } from "node:crypto";
import fs2 from "node:fs/promises";
import path4 from "node:path";
async function resolveSecretsKey(config) {
  if (config.secretsKey) return { key: config.secretsKey };
  if (config.env === "test") return { key: randomBytes3(SECRETS_KEY_BYTES) };
  const file = path4.join(config.dataDir, "secrets.key");
  const existing = await readKey(file);
  if (existing) return { key: existing };
  await fs2.mkdir(config.dataDir, { recursive: true });
  const key = randomBytes3(SECRETS_KEY_BYTES);
  try {
    await fs2.writeFile(file, `${key.toString("hex")}
`, { flag: "wx", mode: 384 });
    return { key, generated: file };
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    const theirs = await readKey(file);
    if (!theirs) throw new Error(`${file} does not hold a secrets key`);
    return { key: theirs };
  }
}
async function readKey(file) {
  let text5;
  try {
    text5 = (await fs2.readFile(file, "utf8")).trim();
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  if (!/^[0-9a-f]{64}$/i.test(text5)) throw new Error(`${file} does not hold a secrets key (64 hex digits)`);
  return Buffer.from(text5, "hex");
}

// apps/server/src/modules/audit/recorder.ts
async function recordAudit(db, actor, event) {
  await db.insertInto("audit_events").values({
    actor_id: actor.userId,
    action: event.action,
    subject_type: event.subjectType,
    subject_id: String(event.subjectId),
    developer_app_id: event.developerAppId ?? null,
    changes: JSON.stringify(event.changes ?? {}),
    client_address: actor.clientAddress
  }).execute();
}
function changedFields2(before, after) {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null]))
  };
}

// apps/server/src/modules/collaborators/repository.ts
import { sql as sql19 } from "kysely";
var collaboratorRepository = {
  /**
   * Locks the app row for the rest of the transaction, so that changes to one app's collaborators and
   * invitations happen one after the other (two concurrent transfers, two invitations of one e-mail).
   */
  async lockApp(db, appId2) {
    await db.selectFrom("developer_apps").select("id").where("id", "=", appId2).forNoKeyUpdate().execute();
  },
  /** The app's collaborators with their accounts: the owner first, then oldest first. */
  list(db, appId2) {
    return db.selectFrom("collaborators as c").innerJoin("users as u", "u.id", "c.user_id").selectAll("c").select(["u.name", "u.email"]).where("c.developer_app_id", "=", appId2).orderBy(sql19`case when c.role = 'owner' then 0 else 1 end`).orderBy("c.created_at").orderBy("c.id").execute();
  },
  find(db, appId2, id2) {
    return db.selectFrom("collaborators").selectAll().where("developer_app_id", "=", appId2).where("id", "=", id2).executeTakeFirst();
  },
  async setRole(db, id2, role) {
    await db.updateTable("collaborators").set({ role }).where("id", "=", id2).execute();
  },
  async setAppOwner(db, appId2, userId, now) {
    await db.updateTable("developer_apps").set({ owner_id: userId, updated_at: now }).where("id", "=", appId2).execute();
  },
  async remove(db, appId2, id2) {
    await db.deleteFrom("collaborators").where("developer_app_id", "=", appId2).where("id", "=", id2).execute();
  },
  /** Adds the user with `role`; a user who already collaborates keeps the role they have. */
  async add(db, appId2, userId, role, now) {
    await db.insertInto("collaborators").values({ developer_app_id: appId2, user_id: userId, role, created_at: now }).onConflict((c) => c.columns(["developer_app_id", "user_id"]).doNothing()).execute();
  },
  /** Whether the account with this (lower-case) e-mail collaborates on the app. */
  async collaboratesByEmail(db, appId2, email) {
    const row = await db.selectFrom("collaborators as c").innerJoin("users as u", "u.id", "c.user_id").select("c.id").where("c.developer_app_id", "=", appId2).where("u.email", "=", email).executeTakeFirst();
    return row !== void 0;
  },
  /** Pending invitations that can still be accepted, oldest first. */
  listPendingInvitations(db, appId2, now) {
    return db.selectFrom("invitations").selectAll().where("developer_app_id", "=", appId2).where("status", "=", "pending").where("expires_at", ">", now).orderBy("created_at").orderBy("id").execute();
  },
  findPendingInvitationFor(db, appId2, email) {
    return db.selectFrom("invitations").selectAll().where("developer_app_id", "=", appId2).where("email", "=", email).where("status", "=", "pending").executeTakeFirst();
  },
  /** Marks the pending invitations of this e-mail that ran out as expired, so a new one may be sent. */
  async expireStaleInvitations(db, appId2, email, now) {
    await db.updateTable("invitations").set({ status: "expired", updated_at: now }).where("developer_app_id", "=", appId2).where("email", "=", email).where("status", "=", "pending").where("expires_at", "<=", now).execute();
  },
  insertInvitation(db, values, now) {
    return db.insertInto("invitations").values({
      developer_app_id: values.appId,
      email: values.email,
      role: values.role,
      token_hash: values.tokenHash,
      invited_by: values.invitedBy,
      accepted_by: null,
      expires_at: values.expiresAt,
      created_at: now,
      updated_at: now
    }).returningAll().executeTakeFirstOrThrow();
  },
  findInvitation(db, appId2, id2) {
    return db.selectFrom("invitations").selectAll().where("developer_app_id", "=", appId2).where("id", "=", id2).executeTakeFirst();
  },
  /** The invitation of a token; with `lock`, locked until the end of the transaction (accepts run one by one). */
  findInvitationByTokenHash(db, tokenHash, lock = false) {
    const query = db.selectFrom("invitations").selectAll().where("token_hash", "=", tokenHash);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  },
  setInvitationStatus(db, id2, status, now, acceptedBy = null) {
    return db.updateTable("invitations").set({ status, updated_at: now, ...acceptedBy === null ? {} : { accepted_by: acceptedBy } }).where("id", "=", id2).returningAll().executeTakeFirstOrThrow();
  },
  /** Whether the app exists and is not deleted (an invitation to a deleted app cannot be accepted). */
  async appIsLive(db, appId2) {
    const row = await db.selectFrom("developer_apps").select("id").where("id", "=", appId2).where("deleted_at", "is", null).executeTakeFirst();
    return row !== void 0;
  }
};

// apps/server/src/modules/developer-apps/service.ts
import { imageSize } from "image-size";

// apps/server/src/modules/listings/repository.ts
var listingRepository = {
  async referenceData(db) {
    const [categories, regions, countries, productTools, securityStandards] = await Promise.all([
      db.selectFrom("listing_categories").select(["id", "name"]).orderBy("name").execute(),
      db.selectFrom("listing_regions").select(["id", "name"]).orderBy("id").execute(),
      db.selectFrom("listing_countries").select(["id", "iso_code", "name", "region_id"]).orderBy("name").execute(),
      db.selectFrom("product_tools").select(["id", "title"]).orderBy("title").execute(),
      db.selectFrom("security_standards").select(["id", "standard_name", "variant"]).orderBy("standard_name").orderBy("variant").execute()
    ]);
    return {
      categories,
      regions: regions.map((region) => ({
        ...region,
        countries: countries.filter((country2) => country2.region_id === region.id).map(({ id: id2, iso_code, name }) => ({ id: id2, iso_code, name }))
      })),
      countries,
      productTools,
      securityStandards
    };
  },
  find(db, id2) {
    return db.selectFrom("marketplace_submissions").selectAll().where("id", "=", id2).executeTakeFirst();
  },
  /** Locks the row for the rest of the transaction (two saves of one listing run one after the other). */
  findForUpdate(db, id2) {
    return db.selectFrom("marketplace_submissions").selectAll().where("id", "=", id2).forUpdate().executeTakeFirst();
  },
  /** The app's newest submission. */
  latest(db, appId2) {
    return db.selectFrom("marketplace_submissions").selectAll().where("developer_app_id", "=", appId2).orderBy("id", "desc").limit(1).executeTakeFirst();
  },
  /** The app's newest published submission: the listing customers see. */
  published(db, appId2) {
    return db.selectFrom("marketplace_submissions").selectAll().where("developer_app_id", "=", appId2).where("state", "=", "published").orderBy("published_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  },
  async maxVersion(db, appId2) {
    const row = await db.selectFrom("marketplace_submissions").select((eb) => eb.fn.max("version").as("version")).where("developer_app_id", "=", appId2).executeTakeFirst();
    return Number(row?.version ?? 0);
  },
  insert(db, values) {
    return db.insertInto("marketplace_submissions").values(values).returningAll().executeTakeFirstOrThrow();
  },
  update(db, id2, changes, now) {
    return db.updateTable("marketplace_submissions").set({ ...changes, updated_at: now }).where("id", "=", id2).returningAll().executeTakeFirstOrThrow();
  },
  media(db, submissionId) {
    return db.selectFrom("listing_media").selectAll().where("submission_id", "=", submissionId).orderBy("position").orderBy("id").execute();
  },
  findMedia(db, submissionId, mediaId) {
    return db.selectFrom("listing_media").selectAll().where("submission_id", "=", submissionId).where("id", "=", mediaId).executeTakeFirst();
  },
  insertMedia(db, media2) {
    return db.insertInto("listing_media").values(media2).returningAll().executeTakeFirstOrThrow();
  },
  updateMediaDescription(db, id2, description2, position) {
    return db.updateTable("listing_media").set({ description: description2, position }).where("id", "=", id2).execute().then(() => void 0);
  },
  async deleteMedia(db, ids2) {
    if (ids2.length === 0) return;
    await db.deleteFrom("listing_media").where("id", "in", ids2).execute();
  },
  /** Copies a submission's media rows onto another (same stored objects; the copy remembers its source). */
  async copyMedia(db, fromId, toId) {
    const rows = await listingRepository.media(db, fromId);
    if (rows.length === 0) return;
    await db.insertInto("listing_media").values(
      rows.map(
        ({ id: id2, submission_id: _submission, created_at: _created, copied_from_id, size, ...rest }) => ({
          ...rest,
          size: Number(size),
          submission_id: toId,
          copied_from_id: copied_from_id ?? id2
        })
      )
    ).execute();
  },
  /** Storage keys among `keys` that no media row names any more (safe to delete from storage). */
  async unusedKeys(db, keys) {
    if (keys.length === 0) return [];
    const used = await db.selectFrom("listing_media").select("storage_key").where("storage_key", "in", keys).execute();
    const inUse = new Set(used.map((row) => row.storage_key));
    return keys.filter((key) => !inUse.has(key));
  },
  /** Hosted video ids among `ids` that no media row names any more. */
  async unusedHashedIds(db, ids2) {
    if (ids2.length === 0) return [];
    const used = await db.selectFrom("listing_media").select("hashed_id").where("hashed_id", "in", ids2).execute();
    const inUse = new Set(used.map((row) => row.hashed_id));
    return ids2.filter((id2) => !inUse.has(id2));
  },
  async existingIds(db, table, ids2) {
    if (ids2.length === 0) return /* @__PURE__ */ new Set();
    const rows = await db.selectFrom(table).select("id").where("id", "in", ids2).execute();
    return new Set(rows.map((row) => row.id));
  },
  recordReviewEvent(db, event) {
    return db.insertInto("listing_review_events").values(event).execute().then(() => void 0);
  },
  async appExists(db, appId2) {
    const row = await db.selectFrom("developer_apps").select("id").where("id", "=", appId2).executeTakeFirst();
    return row !== void 0;
  },
  /** What the app page names (spec 3 §3): the newest submission and the newest published one. */
  async overview(db, appId2) {
    const [last, published] = await Promise.all([
      listingRepository.latest(db, appId2),
      listingRepository.published(db, appId2)
    ]);
    return { last, published };
  },
  setMarketplaceEnabled(db, appId2, enabled2) {
    return db.updateTable("developer_apps").set({ marketplace_enabled: enabled2 }).where("id", "=", appId2).execute().then(() => void 0);
  }
};

// apps/server/src/modules/manifests/service.ts
import { randomUUID as randomUUID3 } from "node:crypto";

// packages/shared/src/manifests/validate.ts
import { parse } from "@humanwhocodes/momoa";
import { Ajv } from "ajv";

// packages/shared/src/manifests/json-schemas.ts
var text4 = (max) => ({ type: "string", maxLength: max });
var requiredText2 = (max) => ({ type: "string", minLength: 1, maxLength: max, pattern: "\\S" });
var parameter = {
  type: "object",
  additionalProperties: false,
  required: ["name", "type", "description"],
  properties: {
    name: requiredText2(MANIFEST_LIMITS.name),
    type: { const: "string" },
    description: requiredText2(MANIFEST_LIMITS.description),
    support_link: {
      type: "object",
      additionalProperties: false,
      required: ["url", "label"],
      properties: { url: requiredText2(MANIFEST_LIMITS.url), label: requiredText2(MANIFEST_LIMITS.name) }
    }
  }
};
var configurationSchema2 = {
  type: "object",
  additionalProperties: false,
  required: ["type", "properties"],
  properties: {
    type: { const: "object" },
    required: { type: "array", items: { type: "string" }, uniqueItems: true, maxItems: MANIFEST_LIMITS.parameters },
    properties: {
      type: "object",
      maxProperties: MANIFEST_LIMITS.parameters,
      propertyNames: { pattern: "^[A-Za-z_][A-Za-z0-9_]*$", maxLength: MANIFEST_LIMITS.parameterKey },
      additionalProperties: parameter
    }
  }
};
var userConfiguration = {
  type: "object",
  additionalProperties: false,
  required: ["schema"],
  properties: { schema: configurationSchema2 }
};
var postInstallation = {
  type: "object",
  additionalProperties: false,
  properties: {
    notes: text4(MANIFEST_LIMITS.description * 5),
    page: {
      type: "object",
      additionalProperties: false,
      properties: { url: text4(MANIFEST_LIMITS.url), label: text4(MANIFEST_LIMITS.name) }
    }
  }
};
var views = {
  type: "array",
  minItems: 1,
  maxItems: MANIFEST_LIMITS.views,
  uniqueItems: true,
  items: { type: "string", minLength: 1, maxLength: 200 }
};
var uuid = text4(64);
var fullscreen41 = {
  type: "object",
  additionalProperties: false,
  required: ["source_url"],
  properties: {
    uuid,
    source_url: requiredText2(MANIFEST_LIMITS.url),
    description: text4(MANIFEST_LIMITS.description),
    user_configuration: userConfiguration
  }
};
var sidepanel41 = {
  ...fullscreen41,
  required: ["source_url", "views"],
  properties: { ...fullscreen41.properties, views }
};
var levels2 = {
  type: "object",
  maxProperties: 100,
  propertyNames: { pattern: "^[a-z][a-z0-9_]*$", maxLength: 64 },
  additionalProperties: { enum: ["readonly", "standard", "admin"] }
};
var MANIFEST_SCHEMA_4_1 = {
  $id: "https://lintel.dev/schemas/manifest-4.1.json",
  type: "object",
  additionalProperties: false,
  required: ["schema_version"],
  properties: {
    schema_version: { const: "4.1" },
    app_manifest: {
      type: "object",
      additionalProperties: false,
      properties: { uid: text4(200), name: text4(200) }
    },
    post_installation_instruction: postInstallation,
    fullscreen: fullscreen41,
    sidepanel: sidepanel41,
    permissions: {
      type: "object",
      additionalProperties: false,
      properties: { company: levels2, project: levels2 }
    }
  }
};
var iframeInstance = {
  type: "object",
  additionalProperties: false,
  required: ["type", "iframe_src"],
  properties: {
    name: text4(MANIFEST_LIMITS.name),
    type: { enum: ["fullscreen", "sidepanel"] },
    uuid,
    views,
    required: { type: "boolean" },
    description: text4(MANIFEST_LIMITS.description),
    iframe_src: requiredText2(MANIFEST_LIMITS.url),
    configuration: {
      type: "object",
      additionalProperties: false,
      required: ["schema"],
      properties: { schema: configurationSchema2 }
    }
  },
  if: { properties: { type: { const: "sidepanel" } } },
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword if/then
  then: { required: ["type", "iframe_src", "views"] }
};
var MANIFEST_SCHEMA_3 = {
  $id: "https://lintel.dev/schemas/manifest-3.json",
  type: "object",
  additionalProperties: false,
  required: ["schema_version"],
  properties: {
    schema_version: { enum: ["3", "3.2"] },
    app_manifest: { type: "object", additionalProperties: false, properties: { id: text4(200) } },
    post_installation_instruction: postInstallation,
    components: {
      type: "object",
      additionalProperties: false,
      properties: {
        oauth: {
          type: "object",
          additionalProperties: false,
          required: ["instances"],
          properties: {
            instances: {
              type: "array",
              maxItems: 10,
              items: {
                type: "object",
                additionalProperties: false,
                required: ["grant_type"],
                properties: {
                  uid: text4(200),
                  uuid,
                  grant_type: { enum: ["authorization_code", "client_credentials"] }
                }
              }
            }
          }
        },
        iframe: {
          type: "object",
          additionalProperties: false,
          required: ["instances"],
          properties: { instances: { type: "array", maxItems: 20, items: iframeInstance } }
        }
      }
    }
  }
};

// packages/shared/src/manifests/validate.ts
var validators;
function compiled() {
  if (!validators) {
    const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
    validators = { v3: ajv.compile(MANIFEST_SCHEMA_3), v41: ajv.compile(MANIFEST_SCHEMA_4_1) };
  }
  return validators;
}
function schemaMessage(error) {
  const at = error.instancePath;
  const p = error.params;
  switch (error.keyword) {
    case "if":
      return null;
    case "required":
      return { pointer: `${at}/${pointerToken(String(p.missingProperty))}`, message: RULE_MESSAGES.required };
    case "additionalProperties":
      return {
        pointer: `${at}/${pointerToken(String(p.additionalProperty))}`,
        message: `unknown property "${String(p.additionalProperty)}"`
      };
    case "propertyNames":
      return {
        pointer: `${at}/${pointerToken(String(p.propertyName))}`,
        message: `invalid key "${String(p.propertyName)}": use letters, digits and underscores`
      };
    case "enum":
      return {
        pointer: at,
        message: `must be one of ${p.allowedValues.map((v) => JSON.stringify(v)).join(", ")}`
      };
    case "const":
      return { pointer: at, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case "minLength":
    case "pattern":
      return { pointer: at, message: RULE_MESSAGES.required };
    case "maxLength":
      return { pointer: at, message: `too long: expected at most ${String(p.limit)} characters` };
    case "minItems":
      return at.endsWith("/views") ? { pointer: at, message: RULE_MESSAGES.view } : { pointer: at, message: `expected at least ${String(p.limit)} items` };
    case "maxItems":
    case "maxProperties":
      return { pointer: at, message: `too many entries: expected at most ${String(p.limit)}` };
    case "uniqueItems":
      return { pointer: `${at}/${String(p.i)}`, message: `duplicate of item ${String(p.j)}` };
    default:
      return { pointer: at, message: error.message ?? "is invalid" };
  }
}
function validateManifestContent(content, options = {}) {
  if (!isRecord(content)) return [{ pointer: "", message: "the manifest must be a JSON object" }];
  const version = content.schema_version;
  if (version === void 0) return [{ pointer: "/schema_version", message: RULE_MESSAGES.required }];
  if (typeof version !== "string" || !SCHEMA_VERSIONS.includes(version))
    return [
      {
        pointer: "/schema_version",
        message: `unknown schema version ${JSON.stringify(version)} (known: ${SCHEMA_VERSIONS.join(", ")})`
      }
    ];
  const validate = version === "4.1" ? compiled().v41 : compiled().v3;
  validate(content);
  const problems = [];
  const seen = /* @__PURE__ */ new Set();
  const add = (problem) => {
    const key = `${problem.pointer}\0${problem.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push(problem);
  };
  for (const error of validate.errors ?? []) {
    if (error.propertyName !== void 0) continue;
    const problem = schemaMessage(error);
    if (problem) add(problem);
  }
  const schemaPointers = new Set(problems.map((p) => p.pointer));
  for (const problem of manifestRuleProblems(content, options)) {
    if (!schemaPointers.has(problem.pointer)) add(problem);
  }
  return problems;
}
function tooDeep(text5, max) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text5.length; i++) {
    const c = text5.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return null;
}
function positionOf(text5, offset) {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text5.length; i++) {
    if (text5.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}
function locate(root, pointer) {
  let node = root;
  let at = root.loc.start;
  for (const token2 of pointerTokens(pointer)) {
    if (node.type === "Object") {
      const member = node.members.find((m) => m.name.type === "String" && m.name.value === token2);
      if (!member) break;
      at = member.loc.start;
      node = member.value;
    } else if (node.type === "Array") {
      const element = /^\d+$/.test(token2) ? node.elements[Number(token2)] : void 0;
      if (!element) break;
      at = element.value.loc.start;
      node = element.value;
    } else break;
  }
  return { line: at.line, column: at.column };
}
function validateManifestText(text5, options = {}) {
  if (text5.length > MANIFEST_LIMITS.contentChars)
    return [
      {
        message: `The manifest is too large: expected at most ${MANIFEST_LIMITS.contentChars} characters, got ${text5.length}`,
        pointer: "",
        line: 1,
        column: 1
      }
    ];
  const deep = tooDeep(text5, MANIFEST_LIMITS.depth);
  if (deep !== null)
    return [
      {
        message: `The manifest nests too deeply: at most ${MANIFEST_LIMITS.depth} levels`,
        pointer: "",
        ...positionOf(text5, deep)
      }
    ];
  let document;
  try {
    document = parse(text5, { mode: "json" });
  } catch (error) {
    const e = error;
    const position = typeof e.line === "number" && typeof e.column === "number" ? { line: e.line, column: e.column } : positionOf(text5, typeof e.offset === "number" ? e.offset : text5.length);
    return [{ message: INVALID_JSON_MESSAGE, pointer: "", ...position }];
  }
  const problems = validateManifestContent(JSON.parse(text5), options);
  const errors2 = problems.slice(0, MANIFEST_LIMITS.errors).map((problem) => ({
    message: problem.message,
    pointer: problem.pointer,
    ...locate(document.body, problem.pointer)
  }));
  if (problems.length > MANIFEST_LIMITS.errors) {
    const last = errors2[errors2.length - 1];
    if (last) last.message += ` (and ${problems.length - MANIFEST_LIMITS.errors} more errors)`;
  }
  return errors2;
}

// apps/server/src/modules/manifests/repository.ts
var SUMMARY_COLUMNS = [
  "id",
  "developer_app_id",
  "environment_type",
  "semantic_version",
  "state",
  "schema_version",
  "auth_code_enabled",
  "changelog",
  "app_version_key",
  "developer_notes",
  "admin_notes",
  "source_app_version_id",
  "created_by",
  "created_at",
  "updated_at"
];
var manifestRepository = {
  /** Locks the app row for the transaction, so that two writers of one app's versions go one after the other. */
  async lockApp(db, appId2) {
    await db.selectFrom("developer_apps").select("id").where("id", "=", appId2).forNoKeyUpdate().execute();
  },
  /** One page of an app's versions, newest first (index app_versions_app_env_newest). */
  list(db, appId2, environment2, page) {
    let query = db.selectFrom("app_versions").select(SUMMARY_COLUMNS).where("developer_app_id", "=", appId2);
    if (environment2) query = query.where("environment_type", "=", environment2);
    return query.orderBy("id", "desc").limit(page.per_page).offset(pageOffset(page)).execute();
  },
  async count(db, appId2, environment2) {
    let query = db.selectFrom("app_versions").select((eb) => eb.fn.countAll().as("count")).where("developer_app_id", "=", appId2);
    if (environment2) query = query.where("environment_type", "=", environment2);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  },
  /** The newest version of an app in one environment. */
  latest(db, appId2, environment2) {
    return db.selectFrom("app_versions").select(SUMMARY_COLUMNS).where("developer_app_id", "=", appId2).where("environment_type", "=", environment2).orderBy("id", "desc").limit(1).executeTakeFirst();
  },
  /**
   * An app's version counts and newest version per environment in two statements (the app page reads
   * them on every visit): counts and newest ids grouped, then those rows.
   */
  async overview(db, appId2) {
    const groups = await db.selectFrom("app_versions").select((eb) => [
      "environment_type",
      eb.fn.countAll().as("count"),
      eb.fn.max("id").as("latest_id")
    ]).where("developer_app_id", "=", appId2).groupBy("environment_type").execute();
    const ids2 = groups.map((group) => group.latest_id);
    const rows = ids2.length === 0 ? [] : await db.selectFrom("app_versions").select(SUMMARY_COLUMNS).where("id", "in", ids2).execute();
    const of = (environment2) => {
      const group = groups.find((g) => g.environment_type === environment2);
      return {
        count: Number(group?.count ?? 0),
        latest: rows.find((row) => row.id === group?.latest_id)
      };
    };
    return { Sandbox: of("Sandbox"), ProductionEnvironment: of("ProductionEnvironment") };
  },
  find(db, id2) {
    return db.selectFrom("app_versions").selectAll().where("id", "=", id2).executeTakeFirst();
  },
  /** The production version promoted from a sandbox version, if any. */
  promotionOf(db, sourceId) {
    return db.selectFrom("app_versions").select("id").where("source_app_version_id", "=", sourceId).executeTakeFirst();
  },
  /** The sandbox versions of these ids that have been promoted. */
  async promotedAmong(db, ids2) {
    if (ids2.length === 0) return /* @__PURE__ */ new Set();
    const rows = await db.selectFrom("app_versions").select("source_app_version_id").where("source_app_version_id", "in", ids2).execute();
    return new Set(rows.map((r) => r.source_app_version_id).filter((id2) => id2 !== null));
  },
  insert(db, version) {
    return db.insertInto("app_versions").values({
      ...version,
      content: JSON.stringify(version.content),
      configured_manifest_content: version.configured_manifest_content === null ? null : JSON.stringify(version.configured_manifest_content),
      updated_at: version.created_at
    }).returningAll().executeTakeFirstOrThrow();
  },
  /** The review state and its notes: the only things of a version that change. */
  setState(db, id2, change, now) {
    return db.updateTable("app_versions").set({ ...change, updated_at: now }).where("id", "=", id2).returningAll().executeTakeFirstOrThrow();
  },
  async recordEvent(db, userId, key, properties) {
    await db.insertInto("analytics_events").values({ user_id: userId, key, properties: JSON.stringify(properties) }).execute();
  }
};

// apps/server/src/modules/manifests/service.ts
function dotted(prefix, pointer) {
  const tail = pointer.split("/").slice(1).join(".");
  return tail ? `${prefix}.${tail}` : prefix;
}
function manifestRefusal(prefix, problems) {
  return errors.validation(
    problems.map(
      (p) => detail(dotted(prefix, p.pointer), "invalid", p.message, {
        message: p.message,
        pointer: p.pointer,
        ...p.line !== void 0 ? { line: p.line } : {},
        ...p.column !== void 0 ? { column: p.column } : {}
      })
    )
  );
}
var notGreater = (latest) => errors.field("semantic_version", "invalid", `must be greater than the latest version ${latest}`, {
  latest
});
function isUniqueViolation2(error) {
  return typeof error === "object" && error !== null && error.code === "23505";
}
var ManifestService = class _ManifestService {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  /** The deployment's switches for the policy. */
  get switches() {
    return { canCreateSandboxManifests: this.deps.config.canCreateSandboxManifests };
  }
  /** Flags of versions of one app: submittable (newest production, confidential), promotable (see below). */
  async flagger(db, appId2, sandboxIds, known) {
    const [latestProduction, promoted] = await Promise.all([
      known ? known.latestProduction : manifestRepository.latest(db, appId2, "ProductionEnvironment"),
      manifestRepository.promotedAmong(db, sandboxIds)
    ]);
    return (row) => ({
      submittable: row.environment_type === "ProductionEnvironment" && row.state === "confidential" && row.id === latestProduction?.id,
      promotable: row.environment_type === "Sandbox" && !promoted.has(row.id) && (!latestProduction || compareSemver(row.semantic_version, latestProduction.semantic_version) > 0)
    });
  }
  async view(db, row) {
    const flags = await this.flagger(db, row.developer_app_id, [row.id]);
    return { row, flags: flags(row) };
  }
  async list(context, environment2, page) {
    const { db } = this.deps;
    const [rows, total] = await Promise.all([
      manifestRepository.list(db, context.app.id, environment2, page),
      manifestRepository.count(db, context.app.id, environment2)
    ]);
    const flags = await this.flagger(
      db,
      context.app.id,
      rows.filter((r) => r.environment_type === "Sandbox").map((r) => r.id)
    );
    return { items: rows.map((row) => ({ row, flags: flags(row) })), total };
  }
  /** The app a version belongs to, for the app scope; 404 when there is no such version. */
  async appOfVersion(id2) {
    const row = await manifestRepository.find(this.deps.db, id2);
    if (!row) throw errors.notFound("App version");
    return row.developer_app_id;
  }
  async get(context, id2) {
    const row = await manifestRepository.find(this.deps.db, id2);
    if (!row || row.developer_app_id !== context.app.id) throw errors.notFound("App version");
    return this.view(this.deps.db, row);
  }
  /** The newest versions of an app and how many there are. */
  async overview(appId2) {
    const { db } = this.deps;
    const { Sandbox, ProductionEnvironment } = await manifestRepository.overview(db, appId2);
    const sandbox = Sandbox.latest;
    const production = ProductionEnvironment.latest;
    const flags = await this.flagger(db, appId2, sandbox ? [sandbox.id] : [], {
      latestProduction: production
    });
    return {
      latestSandbox: sandbox ? { row: sandbox, flags: flags(sandbox) } : null,
      latestProduction: production ? { row: production, flags: flags(production) } : null,
      sandboxCount: Sandbox.count,
      productionCount: ProductionEnvironment.count
    };
  }
  /** Validation for the JSON editor: every error with pointer, line and column (spec 2 §5, §8). */
  validate(text5, environment2) {
    return validateManifestText(text5, { environment: environment2, governmentCloud: this.deps.config.governmentCloud });
  }
  /** What `app_manifest` says: the portal's, whatever the developer wrote (reference "Common to both"). */
  async appManifest(app, schemaVersion) {
    if (schemaVersion !== "4.1") return { id: String(app.id) };
    const [production, sandbox] = await Promise.all([
      this.deps.platform.oauthApplicationOf(app.id, "production"),
      this.deps.platform.sandboxOf(app.id)
    ]);
    const uid = (production && !production.revoked ? production.uid : void 0) ?? sandbox?.oauth?.uid ?? String(app.id);
    return { uid, name: app.name };
  }
  /** The manifest of a create request, validated: from the builder's form or from the editor's content. */
  async manifestOf(app, input) {
    const governmentCloud = this.deps.config.governmentCloud;
    if (input.configured_manifest_content !== void 0) {
      const form = input.configured_manifest_content;
      const problems = configuredProblems(form, { governmentCloud });
      if (problems.length > 0) throw manifestRefusal("configured_manifest_content", problems);
      const content2 = toManifestContent(
        form,
        await this.appManifest(app, "4.1")
      );
      const contentProblems = validateManifestContent(content2, { governmentCloud });
      if (contentProblems.length > 0) throw manifestRefusal("configured_manifest_content", contentProblems);
      return {
        content: content2,
        configured: form,
        authCode: form.auth_code_enabled === true
      };
    }
    let content;
    if (typeof input.content === "string") {
      const problems = validateManifestText(input.content, { environment: "Sandbox", governmentCloud });
      if (problems.length > 0) throw manifestRefusal("content", problems);
      content = JSON.parse(input.content);
    } else {
      content = input.content ?? {};
      const problems = validateManifestContent(content, { governmentCloud });
      if (problems.length > 0) throw manifestRefusal("content", problems);
    }
    content = { ...content, app_manifest: await this.appManifest(app, String(content.schema_version)) };
    const authCode = authCodeEnabledOf(content);
    const reading = fromManifestContent(content, authCode);
    return {
      content,
      configured: reading.ok ? reading.configured : null,
      authCode
    };
  }
  /** A new sandbox version (owner and admins; CAN_CREATE_SANDBOX_MANIFESTS). */
  async create(context, input, now = /* @__PURE__ */ new Date()) {
    const version = input.semantic_version.trim();
    if (!isSemver(version))
      throw errors.field("semantic_version", "invalid_format", "must be major.minor.patch, e.g. 0.1.0");
    const manifest = await this.manifestOf(context.app, input);
    const { db } = this.deps;
    try {
      return await db.transaction().execute(async (trx) => {
        await manifestRepository.lockApp(trx, context.app.id);
        const locked = await loadAppContext(trx, context.user, context.app.id);
        if (!manifestPolicy.canCreate(locked, this.switches)) throw errors.forbidden();
        const latest = await manifestRepository.latest(trx, context.app.id, "Sandbox");
        if (latest && compareSemver(version, latest.semantic_version) <= 0)
          throw notGreater(latest.semantic_version);
        const row = await manifestRepository.insert(trx, {
          developer_app_id: context.app.id,
          environment_type: "Sandbox",
          semantic_version: version,
          state: "draft",
          schema_version: String(manifest.content.schema_version),
          content: manifest.content,
          configured_manifest_content: manifest.configured,
          auth_code_enabled: manifest.authCode,
          changelog: null,
          app_version_key: randomUUID3(),
          source_app_version_id: null,
          created_by: context.user.id,
          created_at: now
        });
        return this.view(trx, row);
      });
    } catch (error) {
      if (isUniqueViolation2(error)) throw notGreater(version);
      throw error;
    }
  }
  /** A production version from a sandbox version, with release notes (spec 2 §4 "Promotion"). */
  async promote(context, input, now = /* @__PURE__ */ new Date()) {
    const field3 = "app_version_promotion.source_app_version_id";
    const changelog = input.changelog?.trim() ?? "";
    if (changelog === "")
      throw errors.field("app_version_promotion.changelog", "required", "Release notes are required");
    if (input.developer_app_id !== void 0 && input.developer_app_id !== context.app.id)
      throw errors.field(field3, "mismatch", "belongs to another app");
    const production = await this.deps.platform.oauthApplicationOf(context.app.id, "production");
    if (!production || production.revoked)
      throw new AppError("validation_failed", "Production credentials required", [
        detail("production_credentials", "required", "required")
      ]);
    const { db } = this.deps;
    try {
      return await db.transaction().execute(async (trx) => {
        await manifestRepository.lockApp(trx, context.app.id);
        const locked = await loadAppContext(trx, context.user, context.app.id);
        if (!manifestPolicy.canPromote(locked)) throw errors.forbidden();
        const source = await manifestRepository.find(trx, input.source_app_version_id);
        if (!source || source.developer_app_id !== context.app.id)
          throw errors.field(field3, "mismatch", "belongs to another app");
        if (source.environment_type !== "Sandbox")
          throw errors.field(field3, "invalid", "must be a sandbox version");
        if (await manifestRepository.promotionOf(trx, source.id))
          throw errors.field(field3, "taken", "has already been promoted");
        const latest = await manifestRepository.latest(trx, context.app.id, "ProductionEnvironment");
        if (latest && compareSemver(source.semantic_version, latest.semantic_version) <= 0)
          throw errors.field(
            field3,
            "invalid",
            `must be newer than the latest production version ${latest.semantic_version}`,
            { latest: latest.semantic_version }
          );
        const row = await manifestRepository.insert(trx, {
          developer_app_id: context.app.id,
          environment_type: "ProductionEnvironment",
          semantic_version: source.semantic_version,
          state: "confidential",
          schema_version: source.schema_version,
          content: source.content,
          configured_manifest_content: source.configured_manifest_content,
          auth_code_enabled: source.auth_code_enabled,
          changelog,
          app_version_key: randomUUID3(),
          source_app_version_id: source.id,
          created_by: context.user.id,
          created_at: now
        });
        return this.view(trx, row);
      });
    } catch (error) {
      if (isUniqueViolation2(error)) throw errors.field(field3, "taken", "has already been promoted");
      throw error;
    }
  }
  /** The review action a requested state stands for, for this actor (spec 2 §4). */
  static actionFor(state, actor) {
    if (state === "in_review") return "submit";
    if (state === "published") return "approve";
    return actor.platformAdmin && (actor.adminNotes || !actor.manager) ? "reject" : "withdraw";
  }
  /**
   * A review action on a production version: submit → in_review, withdraw → confidential, reject →
   * confidential, approve → published. Any other transition is 422 naming the current state.
   */
  async review(context, id2, change, actor, now = /* @__PURE__ */ new Date()) {
    const user = context.user;
    if (change.id !== id2) throw errors.field("app_version.id", "mismatch", "must be the id of the path");
    const action = _ManifestService.actionFor(change.state, {
      platformAdmin: user.is_admin,
      manager: context.permissions.canModifyManifests,
      adminNotes: change.admin_notes !== void 0
    });
    if (!manifestPolicy.canReview(context, user, action)) throw errors.forbidden();
    if (change.admin_notes !== void 0 && !user.is_admin)
      throw errors.forbidden("Only platform administrators write admin notes.");
    const { db } = this.deps;
    return db.transaction().execute(async (trx) => {
      await manifestRepository.lockApp(trx, context.app.id);
      const row = await manifestRepository.find(trx, id2);
      if (!row || row.developer_app_id !== context.app.id) throw errors.notFound("App version");
      const invalid = (why) => errors.field("app_version.state", "invalid", why, { state: row.state, action });
      if (row.environment_type !== "ProductionEnvironment")
        throw invalid(`cannot ${action} a sandbox version: only production versions are reviewed`);
      const flags = (await this.flagger(trx, row.developer_app_id, []))(row);
      const from = {
        submit: ["confidential"],
        withdraw: ["in_review"],
        reject: ["in_review"],
        approve: ["in_review"]
      };
      if (!from[action].includes(row.state)) throw invalid(`cannot ${action} a version that is ${row.state}`);
      if (action === "submit" && !flags.submittable)
        throw invalid(
          `cannot submit this version (${row.state}): only the newest production version is submittable`
        );
      const notes = action === "submit" ? { developer_notes: change.developer_notes ?? null } : action === "withdraw" ? {} : { admin_notes: change.admin_notes ?? null };
      const updated = await manifestRepository.setState(trx, id2, { state: change.state, ...notes }, now);
      await manifestRepository.recordEvent(trx, user.id, `manifest_review_${action}`, {
        app_version_id: id2,
        developer_app_id: row.developer_app_id,
        from: row.state,
        to: change.state
      });
      if (action === "approve" || action === "reject") {
        await recordAudit(trx, actor, {
          action: action === "approve" ? "app_version.approved" : "app_version.rejected",
          subjectType: "app_version",
          subjectId: id2,
          developerAppId: row.developer_app_id,
          changes: changedFields2(
            { state: row.state, admin_notes: row.admin_notes },
            { state: updated.state, admin_notes: updated.admin_notes }
          )
        });
      }
      return this.view(trx, updated);
    });
  }
  /** An analytics event from the web (opt-in, opt-out, metrics report). */
  async track(user, key, properties) {
    await manifestRepository.recordEvent(this.deps.db, user.id, key, isRecord(properties) ? properties : {});
  }
};

// apps/server/src/modules/developer-apps/service.ts
function checkThumbnailSize(file) {
  let size;
  try {
    size = imageSize(file.head);
  } catch {
    size = void 0;
  }
  if (!size || !isThumbnailSize(size)) {
    throw errors.field("developer_app.thumbnail", "image_size", `${file.filename} ${THUMBNAIL_RULE}`, {
      name: file.filename,
      min: THUMBNAIL_MIN_SIDE
    });
  }
}
function checkRedirectUris(text5, path6) {
  const { uris, problems } = parseRedirectUris(text5);
  if (problems.length > 0) {
    throw errors.validation(
      problems.map(
        (p) => detail(path6, "redirect_uri", p.line > 0 ? `line ${p.line}: ${p.message}` : p.message, {
          line: p.line
        })
      )
    );
  }
  return uris.join("\n");
}
var DeveloperAppService = class {
  constructor(deps) {
    this.deps = deps;
    this.manifests = new ManifestService(deps);
  }
  deps;
  manifests;
  async list(user, page) {
    const { rows, total } = await developerAppRepository.listForUser(this.deps.db, user.id, page);
    const statuses = await this.deps.platform.sandboxStatuses(rows.map((row) => row.id));
    const items = rows.map((row) => ({
      app: row,
      role: row.role,
      sandboxStatus: statuses.get(row.id) ?? null
    }));
    return { items, total };
  }
  /** Creates the app with its owner, then asks the platform for its sandbox. */
  async create(user, internalName, now = /* @__PURE__ */ new Date()) {
    const app = await this.deps.db.transaction().execute((trx) => developerAppRepository.insert(trx, { internalName, ownerId: user.id }, now));
    await this.deps.platform.setAppOwner(app.id, user.id);
    await this.deps.platform.requestSandbox(app.id, internalName);
    return this.view(app, developerAppPolicy.access(user, "owner"));
  }
  get(context) {
    return this.view(context.app, context);
  }
  /** Settings and credentials; the policy has checked the permissions (developerAppPolicy.canUpdate). */
  async update(context, changes, now = /* @__PURE__ */ new Date()) {
    const { db, platform, storage } = this.deps;
    const { app } = context;
    const update = {};
    if (changes.internal_name !== void 0) update.internal_name = changes.internal_name;
    if (changes.name !== void 0) update.name = changes.name;
    if (changes.confidential !== void 0) update.confidential = changes.confidential;
    if (changes.redirect_uri !== void 0) {
      update.redirect_uri = checkRedirectUris(changes.redirect_uri, "developer_app.redirect_uri");
    }
    if (changes.production_access !== void 0 && app.production_access === "none") {
      update.production_access = "production_pending";
    }
    if (changes.thumbnail) {
      checkThumbnailSize(changes.thumbnail);
      update.thumbnail_key = changes.thumbnail.key;
      update.thumbnail_content_type = changes.thumbnail.contentType;
    } else if (changes.remove_thumbnail) {
      update.thumbnail_key = null;
      update.thumbnail_content_type = null;
    }
    if (update.redirect_uri !== void 0 || update.confidential !== void 0) {
      for (const environment2 of ["production", "sandbox"]) {
        const oauth = await platform.oauthApplicationOf(app.id, environment2);
        if (!oauth) continue;
        const oauthChanges = {
          ...environment2 === "production" && update.redirect_uri !== void 0 ? { redirectUri: update.redirect_uri } : {},
          ...update.confidential !== void 0 ? { confidential: update.confidential } : {}
        };
        if (Object.keys(oauthChanges).length > 0)
          await platform.updateOAuthApplication(oauth.uid, oauthChanges);
      }
    }
    const updated = await developerAppRepository.update(db, app.id, update, now);
    if (update.thumbnail_key !== void 0 && app.thumbnail_key) await storage.delete(app.thumbnail_key);
    return this.view(updated, context);
  }
  /** The stored image as a stream; the caller sends it (or destroys it). */
  async thumbnail(context) {
    const { app } = context;
    if (!app.thumbnail_key || !app.thumbnail_content_type) throw errors.notFound("Thumbnail");
    const stored = await this.deps.storage.get(app.thumbnail_key);
    if (!stored) throw errors.notFound("Thumbnail");
    return { stream: stored.stream, size: stored.size, contentType: app.thumbnail_content_type };
  }
  /** Soft delete: the app vanishes for developers; platform administrators can still read it. */
  async destroy(context, now = /* @__PURE__ */ new Date()) {
    const deleted = await developerAppRepository.update(this.deps.db, context.app.id, { deleted_at: now }, now);
    await this.syncProduction(deleted);
  }
  /**
   * Production credentials work exactly while the app is live and production access is granted: otherwise
   * the platform revokes them; granting again (or undeleting a granted app) reissues a fresh secret.
   */
  async syncProduction(app) {
    const { platform } = this.deps;
    const current = await platform.oauthApplicationOf(app.id, "production");
    if (app.deleted_at !== null || app.production_access !== "granted") {
      if (current && !current.revoked) await platform.revokeApplication(current.uid);
      return;
    }
    if (!current || current.revoked)
      await platform.createProductionApplication(app.id, app.name, app.redirect_uri);
  }
  /** The app with everything its page shows, as `access` may see it. */
  async view(app, access) {
    const { db, platform } = this.deps;
    const [owner, sandbox, production, listing, manifests, hasSupportContact] = await Promise.all([
      developerAppRepository.owner(db, app),
      platform.sandboxOf(app.id),
      platform.oauthApplicationOf(app.id, "production"),
      listingRepository.overview(db, app.id),
      this.manifests.overview(app.id),
      developerAppRepository.hasIntegrationContacts(db, app.id)
    ]);
    const readable = sandbox?.status === "live" && sandbox.oauth && sandboxPolicy.canViewSecret(access, app);
    const sandboxSecret = readable && sandbox.oauth ? await platform.sandboxSecret(sandbox.oauth.uid) : null;
    return {
      app,
      access: {
        role: access.role,
        // CAN_CREATE_SANDBOX_MANIFESTS off: nobody may, and the page says creation is temporarily disabled.
        permissions: {
          ...access.permissions,
          canCreateSandboxManifests: access.permissions.canCreateSandboxManifests && this.deps.config.canCreateSandboxManifests
        }
      },
      owner,
      sandbox,
      sandboxSecret,
      production,
      listing,
      manifests,
      hasSupportContact
    };
  }
};

// apps/server/src/modules/admin-apps/repository.ts
var adminAppRepository = {
  /** The app, locked for the rest of the transaction (so two admins' changes run one after the other). */
  lock(db, id2) {
    return db.selectFrom("developer_apps").selectAll().where("id", "=", id2).forUpdate().executeTakeFirst();
  },
  userByEmail(db, email) {
    return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  },
  userById(db, id2) {
    return db.selectFrom("users").select(["id", "email"]).where("id", "=", id2).executeTakeFirst();
  },
  /**
   * Makes `newOwnerId` the owner and the old owner an admin collaborator. The old owner is demoted
   * before the new one is promoted, so the one-owner-per-app index never sees two owners.
   */
  async changeOwner(db, appId2, oldOwnerId, newOwnerId, now) {
    await db.updateTable("collaborators").set({ role: "admin" }).where("developer_app_id", "=", appId2).where("role", "=", "owner").execute();
    await db.insertInto("collaborators").values({ developer_app_id: appId2, user_id: oldOwnerId, role: "admin", created_at: now }).onConflict((c) => c.columns(["developer_app_id", "user_id"]).doUpdateSet({ role: "admin" })).execute();
    await db.insertInto("collaborators").values({ developer_app_id: appId2, user_id: newOwnerId, role: "owner", created_at: now }).onConflict((c) => c.columns(["developer_app_id", "user_id"]).doUpdateSet({ role: "owner" })).execute();
    await db.updateTable("developer_apps").set({ owner_id: newOwnerId, updated_at: now }).where("id", "=", appId2).execute();
  },
  contacts(db, appId2) {
    return db.selectFrom("integration_contacts").selectAll().where("developer_app_id", "=", appId2).orderBy("id").execute();
  },
  insertContact(db, appId2, contact, now) {
    return db.insertInto("integration_contacts").values({ developer_app_id: appId2, name: contact.name, email: contact.email, created_at: now }).returningAll().executeTakeFirstOrThrow();
  }
};

// apps/server/src/modules/admin-apps/service.ts
var AUDITED = [
  "internal_name",
  "name",
  "redirect_uri",
  "legacy",
  "allowed_cors_domains",
  "connectable",
  "production_access",
  "marketplace_enabled",
  "thumbnail_key"
];
var audited = (app) => Object.fromEntries(AUDITED.map((key) => [key, app[key]]));
var lines = (text5) => text5.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).join("\n");
var AdminAppService = class {
  constructor(deps, developerApps) {
    this.deps = deps;
    this.developerApps = developerApps;
  }
  deps;
  developerApps;
  async get(admin, id2) {
    const app = await developerAppRepository.find(this.deps.db, id2);
    if (!app) throw errors.notFound("App");
    return this.view(admin, app);
  }
  async update(admin, actor, id2, changes, now = /* @__PURE__ */ new Date()) {
    const { db, platform } = this.deps;
    const current = await developerAppRepository.find(db, id2);
    if (!current) throw errors.notFound("App");
    const update = {};
    if (changes.internal_name !== void 0) update.internal_name = changes.internal_name;
    if (changes.name !== void 0) update.name = changes.name;
    if (changes.redirect_uri !== void 0)
      update.redirect_uri = checkRedirectUris(changes.redirect_uri, "developer_app.redirect_uri");
    if (changes.legacy !== void 0) update.legacy = changes.legacy;
    if (changes.connectable !== void 0) update.connectable = changes.connectable;
    if (changes.allowed_cors_domains !== void 0)
      update.allowed_cors_domains = lines(changes.allowed_cors_domains);
    if (changes.production_access !== void 0) update.production_access = changes.production_access;
    if (changes.marketplace_enabled !== void 0) update.marketplace_enabled = changes.marketplace_enabled;
    if (changes.deleted_at === null) {
      if (current.deleted_at === null) throw errors.conflict("This app is not deleted.");
      update.deleted_at = null;
    }
    const sandbox = changes.sandbox_attributes ? await this.sandboxChange(id2, changes.sandbox_attributes) : null;
    if (update.redirect_uri !== void 0 && update.redirect_uri !== current.redirect_uri) {
      const production = await platform.oauthApplicationOf(id2, "production");
      if (production)
        await platform.updateOAuthApplication(production.uid, { redirectUri: update.redirect_uri });
    }
    if (sandbox && sandbox.before !== sandbox.after)
      await platform.updateOAuthApplication(sandbox.uid, { redirectUri: sandbox.after });
    const updated = await db.transaction().execute(async (trx) => {
      const before = await adminAppRepository.lock(trx, id2);
      if (!before) throw errors.notFound("App");
      if (update.deleted_at === null && before.deleted_at === null)
        throw errors.conflict("This app is not deleted.");
      const after = await developerAppRepository.update(trx, id2, update, now);
      await this.recordChanges(trx, actor, before, after);
      if (sandbox && sandbox.before !== sandbox.after) {
        await recordAudit(trx, actor, {
          action: "developer_app.updated",
          subjectType: "developer_app",
          subjectId: id2,
          developerAppId: id2,
          changes: changedFields2(
            { sandbox_redirect_uri: sandbox.before },
            { sandbox_redirect_uri: sandbox.after }
          )
        });
      }
      return after;
    });
    await this.developerApps.syncProduction(updated);
    return this.view(admin, updated);
  }
  /** The sandbox's new redirect URIs, checked; only a live sandbox has an OAuth application to change. */
  async sandboxChange(appId2, attributes) {
    const after = checkRedirectUris(attributes.redirect_uri, "developer_app.sandbox_attributes.redirect_uri");
    const sandbox = await this.deps.platform.sandboxOf(appId2);
    if (!sandbox?.oauth || sandbox.status !== "live") throw errors.conflict("This app has no live sandbox.");
    return { uid: sandbox.oauth.uid, before: sandbox.oauth.redirectUri, after };
  }
  /** The logo (spec 1 §7 PUT): a new square image, or none. */
  async thumbnail(admin, actor, id2, body, now = /* @__PURE__ */ new Date()) {
    const { db, storage } = this.deps;
    const update = {};
    if (body.thumbnail) {
      checkThumbnailSize(body.thumbnail);
      update.thumbnail_key = body.thumbnail.key;
      update.thumbnail_content_type = body.thumbnail.contentType;
    } else if (body.remove_thumbnail) {
      update.thumbnail_key = null;
      update.thumbnail_content_type = null;
    } else {
      throw errors.field("developer_app.thumbnail", "required", "is required (or remove_thumbnail)");
    }
    const { before, after } = await db.transaction().execute(async (trx) => {
      const locked = await adminAppRepository.lock(trx, id2);
      if (!locked) throw errors.notFound("App");
      const changed = await developerAppRepository.update(trx, id2, update, now);
      await this.recordChanges(trx, actor, locked, changed);
      return { before: locked, after: changed };
    });
    if (before.thumbnail_key && before.thumbnail_key !== after.thumbnail_key)
      await storage.delete(before.thumbnail_key);
    return this.view(admin, after);
  }
  /**
   * Hands the app to a confirmed developer found by e-mail (spec 1 §6, flagged as dangerous): the old
   * owner stays on as admin, and the platform's owner record follows.
   */
  async changeOwner(admin, actor, id2, email, now = /* @__PURE__ */ new Date()) {
    const { db, platform } = this.deps;
    const updated = await db.transaction().execute(async (trx) => {
      const before = await adminAppRepository.lock(trx, id2);
      if (!before) throw errors.notFound("App");
      const owner = await adminAppRepository.userByEmail(trx, email);
      if (!owner) throw errors.field("owner.email", "invalid", "no developer has this e-mail address");
      if (!owner.confirmed_at)
        throw errors.field("owner.email", "invalid", "belongs to a developer who has not confirmed it");
      if (owner.id === before.owner_id) throw errors.field("owner.email", "invalid", "is already the owner");
      const previous = await adminAppRepository.userById(trx, before.owner_id);
      await adminAppRepository.changeOwner(trx, id2, before.owner_id, owner.id, now);
      await recordAudit(trx, actor, {
        action: "developer_app.owner_changed",
        subjectType: "developer_app",
        subjectId: id2,
        developerAppId: id2,
        changes: changedFields2(
          { owner_id: before.owner_id, owner_email: previous?.email ?? null },
          { owner_id: owner.id, owner_email: owner.email }
        )
      });
      return { ...before, owner_id: owner.id, updated_at: now };
    });
    await platform.setAppOwner(id2, updated.owner_id);
    return this.view(admin, updated);
  }
  async createContact(actor, id2, contact, now = /* @__PURE__ */ new Date()) {
    return this.deps.db.transaction().execute(async (trx) => {
      const app = await adminAppRepository.lock(trx, id2);
      if (!app) throw errors.notFound("App");
      const row = await adminAppRepository.insertContact(trx, id2, contact, now);
      await recordAudit(trx, actor, {
        action: "developer_app.updated",
        subjectType: "developer_app",
        subjectId: id2,
        developerAppId: id2,
        changes: changedFields2({ contact: null }, { contact: { name: row.name, email: row.email } })
      });
      return row;
    });
  }
  /** One event per kind of change: undelete, production access, everything else. */
  async recordChanges(trx, actor, before, after) {
    const event = (action, changes) => recordAudit(trx, actor, {
      action,
      subjectType: "developer_app",
      subjectId: after.id,
      developerAppId: after.id,
      changes
    });
    if (before.deleted_at !== null && after.deleted_at === null) {
      await event(
        "developer_app.undeleted",
        changedFields2({ deleted_at: before.deleted_at.toISOString() }, { deleted_at: null })
      );
    }
    const { production_access: accessBefore, ...restBefore } = audited(before);
    const { production_access: accessAfter, ...restAfter } = audited(after);
    const grantOrRevoke = accessBefore !== accessAfter && (accessAfter === "granted" || accessBefore === "granted");
    if (grantOrRevoke) {
      await event(
        accessAfter === "granted" ? "developer_app.production_access_granted" : "developer_app.production_access_revoked",
        changedFields2({ production_access: accessBefore }, { production_access: accessAfter })
      );
    }
    const rest = grantOrRevoke ? changedFields2(restBefore, restAfter) : changedFields2(audited(before), audited(after));
    if (Object.keys(rest.after ?? {}).length > 0) await event("developer_app.updated", rest);
  }
  async view(admin, app) {
    const { db, platform } = this.deps;
    const role = await developerAppRepository.roleOf(db, app.id, admin.id);
    const [view, contacts, collaborators, platformOwner] = await Promise.all([
      this.developerApps.view(app, developerAppPolicy.access(admin, role)),
      adminAppRepository.contacts(db, app.id),
      collaboratorRepository.list(db, app.id),
      platform.appOwner(app.id)
    ]);
    return {
      ...view,
      contacts,
      collaborators,
      ownerMismatch: platformOwner !== null && platformOwner !== app.owner_id,
      hasProductionCredentials: view.production !== void 0
    };
  }
};

// apps/server/src/modules/admin-lists/repository.ts
import { sql as sql20 } from "kysely";
var DEVELOPER_COLUMNS = ["id", "name", "company_name", "email", "platform_id"];
var developerSortColumns = {
  name: "name",
  company_name: "company_name",
  email: "email",
  platform_id: "platform_id"
};
var adminListRepository = {
  /**
   * The apps of the admin list: owner, published listing and review dates, filtered, sorted, paged.
   * What is in review and what is published are small sets: each is aggregated once and joined, so no
   * statement looks at every app's versions or submissions one by one. The total is counted on the
   * apps alone, joining the owner or the review sets only when a filter needs them.
   */
  async developerApps(db, options) {
    const versionsInReview = db.selectFrom("app_versions").select((eb) => ["developer_app_id", eb.fn.max("updated_at").as("at")]).where("state", "=", "in_review").groupBy("developer_app_id");
    const listingsInReview = db.selectFrom("marketplace_submissions").select((eb) => ["developer_app_id", eb.fn.max("submitted_at").as("at")]).where("state", "=", "in_review").groupBy("developer_app_id");
    const published = db.selectFrom("marketplace_submissions").distinctOn("developer_app_id").select(["developer_app_id", "id", "live"]).where("state", "=", "published").orderBy("developer_app_id").orderBy("published_at", "desc").orderBy("id", "desc");
    const searchPattern = options.search ? likePattern(options.search) : void 0;
    const filtered = (withOwner) => {
      let query = db.selectFrom("developer_apps as a").leftJoin(versionsInReview.as("vr"), "vr.developer_app_id", "a.id").leftJoin(listingsInReview.as("lr"), "lr.developer_app_id", "a.id");
      if (!options.withDeleted) query = query.where("a.deleted_at", "is", null);
      if (options.ownerIds && options.ownerIds.length > 0)
        query = query.where("a.owner_id", "in", options.ownerIds);
      if (options.inReview)
        query = query.where((eb) => eb.or([eb("vr.at", "is not", null), eb("lr.at", "is not", null)]));
      if (searchPattern) {
        const pattern = searchPattern;
        const matching = db.selectFrom("developer_apps").select("id").where("internal_name", "ilike", pattern).union(db.selectFrom("developer_apps").select("id").where("name", "ilike", pattern)).union(
          db.selectFrom("developer_apps").select("id").where("owner_id", "in", db.selectFrom("users").select("id").where("email", "ilike", pattern))
        );
        query = query.where("a.id", "in", matching);
      }
      return withOwner ? query.innerJoin("users as o", "o.id", "a.owner_id") : query;
    };
    const { total } = await filtered(false).select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
    const inReviewAt = sql20`greatest(vr.at, lr.at)`;
    let rows = filtered(true).leftJoin(published.as("p"), "p.developer_app_id", "a.id").select([
      "a.id",
      "a.internal_name",
      "a.name",
      "a.created_at",
      "a.deleted_at",
      "a.owner_id",
      "o.email as owner_email",
      "o.name as owner_name",
      sql20`vr.at`.as("app_version_in_review_at"),
      sql20`lr.at`.as("marketplace_listing_in_review_at"),
      "p.id as app_id",
      "p.live as live"
    ]);
    for (const term of options.sort) {
      const nullsLast = (ob) => (term.direction === "desc" ? ob.desc() : ob.asc()).nullsLast();
      switch (term.key) {
        case "app_id":
          rows = rows.orderBy("p.id", nullsLast);
          break;
        case "internal_name":
          rows = rows.orderBy("a.internal_name", term.direction);
          break;
        case "owner":
          rows = rows.orderBy("o.email", term.direction);
          break;
        case "created_at":
          rows = rows.orderBy("a.created_at", term.direction);
          break;
        case "in_review_at":
          rows = rows.orderBy(inReviewAt, nullsLast);
          break;
        case "deleted_at":
          rows = rows.orderBy("a.deleted_at", nullsLast);
          break;
      }
    }
    rows = rows.orderBy("a.id", options.sort[0]?.direction ?? "desc");
    const page = await rows.limit(options.per_page).offset(pageOffset(options)).execute();
    return { rows: page, total: Number(total) };
  },
  /** Production versions in review, in queue order (apps that are not deleted). */
  async versionQueue(db, appIds) {
    const rows = await db.selectFrom("app_versions as q").innerJoin("developer_apps as a", "a.id", "q.developer_app_id").where("q.state", "=", "in_review").where("a.deleted_at", "is", null).select([
      "q.id",
      "q.developer_app_id",
      "q.updated_at as in_review_at",
      sql20`row_number() over (order by q.updated_at, q.id)`.as("position")
    ]).execute();
    return queueOf(rows, appIds);
  },
  /** Marketplace listings in review, in queue order (apps that are not deleted). */
  async listingQueue(db, appIds) {
    const rows = await db.selectFrom("marketplace_submissions as q").innerJoin("developer_apps as a", "a.id", "q.developer_app_id").where("q.state", "=", "in_review").where("a.deleted_at", "is", null).select([
      "q.id",
      "q.developer_app_id",
      sql20`coalesce(q.submitted_at, q.updated_at)`.as("in_review_at"),
      sql20`row_number() over (order by coalesce(q.submitted_at, q.updated_at), q.id)`.as("position")
    ]).execute();
    return queueOf(rows, appIds);
  },
  /**
   * Median hours from submission to decision of the production versions decided since `since` (the
   * manifests area logs each review action as an analytics event, in the transaction of the change).
   */
  async medianVersionReviewHours(db, since) {
    const row = await sql20`
      select percentile_cont(0.5) within group (order by extract(epoch from d.created_at - s.submitted_at)) / 3600.0 as hours
      from analytics_events d
      cross join lateral (
        select max(e.created_at) as submitted_at from analytics_events e
        where e.key = 'manifest_review_submit'
          and e.properties->>'app_version_id' = d.properties->>'app_version_id'
          and e.created_at <= d.created_at
      ) s
      where d.key in ('manifest_review_approve', 'manifest_review_reject')
        and d.created_at >= ${since}
        and s.submitted_at is not null`.execute(db);
    return toHours(row.rows[0]?.hours);
  },
  /** Median hours from submission to decision of the marketplace listings decided since `since`. */
  async medianListingReviewHours(db, since) {
    const row = await sql20`
      select percentile_cont(0.5) within group (order by extract(epoch from d.created_at - s.submitted_at)) / 3600.0 as hours
      from listing_review_events d
      cross join lateral (
        select max(e.created_at) as submitted_at from listing_review_events e
        where e.state = 'submitted' and e.submission_id = d.submission_id and e.created_at <= d.created_at
      ) s
      where d.state in ('approved', 'rejected')
        and d.created_at >= ${since}
        and s.submitted_at is not null`.execute(db);
    return toHours(row.rows[0]?.hours);
  },
  async developers(db, options) {
    let query = db.selectFrom("users");
    if (options.search) {
      const pattern = likePattern(options.search);
      const term = options.search;
      query = query.where((eb) => {
        const any = [
          eb("name", "ilike", pattern),
          eb("company_name", "ilike", pattern),
          eb("email", "ilike", pattern)
        ];
        if (/^\d{1,9}$/.test(term)) any.push(eb("platform_id", "=", Number(term)));
        return eb.or(any);
      });
    }
    const { total } = await query.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
    let rows = query.select(DEVELOPER_COLUMNS);
    for (const term of options.sort) {
      rows = term.key === "platform_id" ? rows.orderBy(
        "platform_id",
        (ob) => (term.direction === "desc" ? ob.desc() : ob.asc()).nullsLast()
      ) : rows.orderBy(developerSortColumns[term.key], term.direction);
    }
    rows = rows.orderBy("id", options.sort[0]?.direction ?? "asc");
    return {
      rows: await rows.limit(options.per_page).offset(pageOffset(options)).execute(),
      total: Number(total)
    };
  },
  findDeveloper(db, id2) {
    return db.selectFrom("users").selectAll().where("id", "=", id2).executeTakeFirst();
  },
  findDeveloperForUpdate(db, id2) {
    return db.selectFrom("users").selectAll().where("id", "=", id2).forUpdate().executeTakeFirst();
  },
  updateDeveloper(db, id2, changes, now) {
    return db.updateTable("users").set({ ...changes, updated_at: now }).where("id", "=", id2).returningAll().executeTakeFirstOrThrow();
  },
  /** The apps a developer owns or works on, deleted ones included, newest first. */
  appsOfDeveloper(db, userId) {
    return db.selectFrom("collaborators as c").innerJoin("developer_apps as a", "a.id", "c.developer_app_id").select(["a.id", "a.internal_name", "c.role", "a.created_at", "a.deleted_at"]).where("c.user_id", "=", userId).orderBy("a.id", "desc").limit(500).execute();
  },
  /** The apps (with their owners) the OAuth list names. */
  appsWithOwners(db, appIds) {
    if (appIds.length === 0) return Promise.resolve([]);
    return db.selectFrom("developer_apps as a").innerJoin("users as o", "o.id", "a.owner_id").select(["a.id", "a.internal_name", "o.name as owner_name", "o.email as owner_email"]).where("a.id", "in", appIds).execute();
  }
};
function queueOf(rows, appIds) {
  const wanted = appIds ? new Set(appIds) : void 0;
  return rows.filter((row) => !wanted || wanted.has(row.developer_app_id)).map((row) => ({ ...row, position: Number(row.position) }));
}
function toHours(value) {
  if (value === null || value === void 0) return null;
  const hours = Number(value);
  return Number.isFinite(hours) ? hours : null;
}

// apps/server/src/modules/admin-lists/service.ts
var REVIEW_HISTORY_DAYS = 30;
function estimatedWaitHours(medianHours, position) {
  if (medianHours === null) return null;
  return Math.round(medianHours * position * 10) / 10;
}
function placeOf(entries, appId2, medianHours) {
  const entry = entries.find((candidate) => candidate.developer_app_id === appId2);
  if (!entry) return null;
  return {
    id: entry.id,
    position: entry.position,
    estimated_wait_hours: estimatedWaitHours(medianHours, entry.position),
    in_review_at: entry.in_review_at.toISOString()
  };
}
function unique(error) {
  return typeof error === "object" && error !== null && error.code === "23505";
}
var AdminListService = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  /** Developer apps (and the review queue, with `in_review`): newest first unless sorted otherwise. */
  async developerApps(query, now = /* @__PURE__ */ new Date()) {
    const filters = query.filters ?? {};
    const ownerIds = filters.owner_id === void 0 ? void 0 : [filters.owner_id].flat().map(Number);
    const { rows, total } = await adminListRepository.developerApps(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      sort: sortTerms(query.sort.length > 0 ? query.sort : ["-created_at"]),
      ownerIds,
      search: filters.search?.trim() || void 0,
      inReview: isTrue(filters.in_review),
      withDeleted: isTrue(filters.with_deleted)
    });
    const queues = await this.queues(
      rows.filter((row) => row.app_version_in_review_at || row.marketplace_listing_in_review_at).map((row) => row.id),
      now
    );
    return { rows: rows.map((row) => ({ ...row, review_queue: queues(row.id) })), total };
  }
  /** What one app has in review, with its places and estimates (its collaborators and admins see it). */
  async reviewQueueOf(appId2, now = /* @__PURE__ */ new Date()) {
    return (await this.queues([appId2], now))(appId2);
  }
  async queues(appIds, now) {
    const empty = { app_version: null, marketplace_listing: null };
    if (appIds.length === 0) return () => empty;
    const { db } = this.deps;
    const since = new Date(now.getTime() - REVIEW_HISTORY_DAYS * 864e5);
    const versions = await adminListRepository.versionQueue(db, appIds);
    const listings = await adminListRepository.listingQueue(db, appIds);
    const versionHours = versions.length > 0 ? await adminListRepository.medianVersionReviewHours(db, since) : null;
    const listingHours = listings.length > 0 ? await adminListRepository.medianListingReviewHours(db, since) : null;
    return (appId2) => ({
      app_version: placeOf(versions, appId2, versionHours),
      marketplace_listing: placeOf(listings, appId2, listingHours)
    });
  }
  developers(query) {
    return adminListRepository.developers(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      sort: sortTerms(query.sort),
      search: query.filters?.search?.trim() || void 0
    });
  }
  async developer(id2) {
    const user = await adminListRepository.findDeveloper(this.deps.db, id2);
    if (!user) throw errors.notFound("Developer");
    return { user, apps: await adminListRepository.appsOfDeveloper(this.deps.db, id2) };
  }
  /**
   * Changes a developer and records who changed what (audit action developer.updated) in the same
   * transaction. An administrator cannot remove their own administrator flag; a taken e-mail is 422.
   */
  async updateDeveloper(actor, id2, change, now = /* @__PURE__ */ new Date()) {
    const { db } = this.deps;
    try {
      return await db.transaction().execute(async (trx) => {
        const before = await adminListRepository.findDeveloperForUpdate(trx, id2);
        if (!before) throw errors.notFound("Developer");
        if (!adminListPolicy.canChangeOwnAdminFlag(actor.user, before, change.is_admin)) {
          throw errors.field(
            "developer.is_admin",
            "invalid",
            "You cannot remove your own administrator flag: ask another administrator."
          );
        }
        const changes = {};
        if (change.name !== void 0) changes.name = change.name;
        if (change.company_name !== void 0) changes.company_name = change.company_name;
        if (change.email !== void 0) changes.email = change.email;
        if (change.is_admin !== void 0) changes.is_admin = change.is_admin;
        if (change.is_employee !== void 0) changes.is_employee = change.is_employee;
        if (change.confirmed !== void 0 && change.confirmed !== (before.confirmed_at !== null)) {
          changes.confirmed_at = change.confirmed ? now : null;
        }
        const after = await adminListRepository.updateDeveloper(trx, id2, changes, now);
        const audit = changedFields2(auditedFields(before), auditedFields(after));
        if (Object.keys(audit.after ?? {}).length > 0) {
          await recordAudit(trx, actor, {
            action: "developer.updated",
            subjectType: "developer",
            subjectId: id2,
            changes: audit
          });
        }
        return { user: after, apps: await adminListRepository.appsOfDeveloper(trx, id2) };
      });
    } catch (error) {
      if (unique(error)) throw errors.field("developer.email", "taken", "has already been taken");
      throw error;
    }
  }
  /** A page of one environment's OAuth applications, each with its portal app and that app's owner. */
  async oauthApplications(query) {
    const filters = query.filters ?? {};
    const { applications, total } = await this.deps.platform.listOAuthApplications({
      environment: query.environment,
      name: filters.name?.trim() || void 0,
      uid: filters.uid?.trim() || void 0,
      search: filters.search?.trim() || void 0,
      sort: sortTerms(query.sort.length > 0 ? query.sort : ["name"]),
      page: query.page,
      perPage: query.per_page
    });
    const appIds = [...new Set(applications.flatMap((application) => application.appId ?? []))];
    const apps = new Map((await adminListRepository.appsWithOwners(this.deps.db, appIds)).map((app) => [app.id, app]));
    return {
      rows: applications.map((application) => ({
        application,
        app: application.appId === null ? null : apps.get(application.appId) ?? null
      })),
      total
    };
  }
};
function isTrue(value) {
  return value === true || value === "true" || value === "1";
}
function auditedFields(user) {
  return {
    name: user.name,
    company_name: user.company_name,
    email: user.email,
    confirmed: user.confirmed_at !== null,
    is_admin: user.is_admin,
    is_employee: user.is_employee
  };
}

// apps/server/src/modules/analytics/repository.ts
import { sql as sql21 } from "kysely";
var analyticsRepository = {
  async counts(db, options) {
    let events = db.selectFrom("analytics_events").select(["key", sql21`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as("day")]).select((eb) => eb.fn.countAll().as("count")).groupBy(["key", sql21`2`]);
    if (options.key) events = events.where("key", "=", options.key);
    const grouped = db.selectFrom(events.as("g"));
    const { total } = await grouped.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
    let rows = grouped.select(["g.key", "g.day", "g.count"]);
    const sort = options.sort.length > 0 ? options.sort : [{ key: "day", direction: "desc" }];
    for (const term of sort) rows = rows.orderBy(`g.${term.key}`, term.direction);
    rows = rows.orderBy("g.key").orderBy("g.day", "desc");
    const found = await rows.limit(options.per_page).offset(pageOffset(options)).execute();
    return {
      rows: found.map((row) => ({ key: row.key, day: row.day, count: Number(row.count) })),
      total: Number(total)
    };
  }
};

// apps/server/src/modules/analytics/service.ts
var AnalyticsService = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  counts(query) {
    return analyticsRepository.counts(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      sort: sortTerms(query.sort),
      key: query.filters?.key
    });
  }
};

// apps/server/src/modules/audit/repository.ts
var auditRepository = {
  async list(db, options) {
    let query = db.selectFrom("audit_events");
    if (options.actorId !== void 0) query = query.where("audit_events.actor_id", "=", options.actorId);
    if (options.developerAppId !== void 0) {
      query = query.where("audit_events.developer_app_id", "=", options.developerAppId);
    }
    if (options.action) query = query.where("audit_events.action", "=", options.action);
    if (options.from) query = query.where("audit_events.created_at", ">=", options.from);
    if (options.before) query = query.where("audit_events.created_at", "<", options.before);
    const { total } = await query.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
    const rows = await query.leftJoin("users", "users.id", "audit_events.actor_id").select([
      "audit_events.id",
      "audit_events.action",
      "audit_events.subject_type",
      "audit_events.subject_id",
      "audit_events.developer_app_id",
      "audit_events.changes",
      "audit_events.client_address",
      "audit_events.created_at",
      "users.id as actor_id",
      "users.name as actor_name",
      "users.email as actor_email"
    ]).orderBy("audit_events.created_at", options.direction).orderBy("audit_events.id", options.direction).limit(options.per_page).offset(pageOffset(options)).execute();
    return {
      rows: rows.map((row) => ({
        id: Number(row.id),
        action: row.action,
        actor: row.actor_id !== null && row.actor_name !== null && row.actor_email !== null ? { id: row.actor_id, name: row.actor_name, email: row.actor_email } : null,
        subject_type: row.subject_type,
        subject_id: row.subject_id,
        developer_app_id: row.developer_app_id,
        changes: row.changes,
        client_address: row.client_address,
        created_at: row.created_at
      })),
      total: Number(total)
    };
  },
  /** Users who made audited changes whose e-mail (or name) contains the term, at most `limit`. */
  actors(db, search, limit) {
    let query = db.selectFrom("users").select(["users.id", "users.name", "users.email"]).where(
      (eb) => eb.exists(
        eb.selectFrom("audit_events").select("audit_events.id").whereRef("audit_events.actor_id", "=", "users.id")
      )
    );
    if (search) {
      const pattern = likePattern(search);
      query = query.where(
        (eb) => eb.or([eb("users.email", "ilike", pattern), eb("users.name", "ilike", pattern)])
      );
    }
    return query.orderBy("users.email").limit(limit).execute();
  }
};

// apps/server/src/modules/audit/service.ts
var AuditService = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  /** A page of events, newest first unless `sort[]=created_at`; from and to are inclusive. */
  list(query) {
    const filters = query.filters ?? {};
    return auditRepository.list(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      direction: query.sort[0] === "created_at" ? "asc" : "desc",
      actorId: filters.actor_id === void 0 ? void 0 : Number(filters.actor_id),
      developerAppId: filters.developer_app_id === void 0 ? void 0 : Number(filters.developer_app_id),
      action: filters.action,
      from: filters.from ? auditTimeStart(filters.from) : void 0,
      before: filters.to ? auditTimeEnd(filters.to) : void 0
    });
  }
  /** The actor filter's options: up to 20 users with audited changes, matched by e-mail or name. */
  actors(search) {
    return auditRepository.actors(this.deps.db, search?.trim() || void 0, 20);
  }
};

// apps/server/src/jobs/mail/quota.ts
import { sql as sql22 } from "kysely";
var WINDOW_MS = 36e5;
async function reserveMail(db, config, request, now = /* @__PURE__ */ new Date()) {
  const recipient = request.to.toLowerCase();
  const since = new Date(now.getTime() - WINDOW_MS);
  const refusal = await db.transaction().execute(async (trx) => {
    await sql22`select pg_advisory_xact_lock(hashtextextended(${`mail:${recipient}`}, 0))`.execute(trx);
    const counts = await trx.selectFrom("mail_quota_events").select([
      sql22`count(*) filter (where recipient = ${recipient})`.as("recipient"),
      sql22`count(*) filter (where ip = ${request.ip})`.as("ip"),
      sql22`min(created_at) filter (where recipient = ${recipient})`.as("oldestRecipient"),
      sql22`min(created_at) filter (where ip = ${request.ip})`.as("oldestIp")
    ]).where("created_at", ">", since).where((eb) => eb.or([eb("recipient", "=", recipient), eb("ip", "=", request.ip)])).executeTakeFirstOrThrow();
    const full = Number(counts.recipient) >= config.mailMaxPerAddressHour ? counts.oldestRecipient : Number(counts.ip) >= config.mailMaxPerClientHour ? counts.oldestIp : void 0;
    if (full !== void 0) return full;
    await trx.insertInto("mail_quota_events").values({ recipient, ip: request.ip, created_at: now }).execute();
    return void 0;
  });
  if (refusal === void 0) return;
  const error = new AppError(
    "too_many_requests",
    "Too many e-mails were asked for in the last hour. Please try again later."
  );
  const freesAt = (refusal ? new Date(refusal).getTime() : now.getTime()) + WINDOW_MS;
  error.retryAfterSeconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1e3));
  throw error;
}

// apps/server/src/modules/auth/service.ts
var TOKEN_MAILS = {
  confirmation: { ttlMs: 48 * 36e5, template: "confirmation", path: "/confirm_email" },
  password_reset: { ttlMs: 36e5, template: "passwordReset", path: "/password/reset" }
};
var THROTTLE_WINDOW_MS = 15 * 6e4;
var AuthService = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  #dummyHash;
  /** The deployment's switches the web reads with the session (sessionFeatures). */
  features() {
    const { config } = this.deps;
    return {
      can_create_sandbox_manifests: config.canCreateSandboxManifests,
      government_cloud: config.governmentCloud,
      form_experience_forced: config.formExperienceForced,
      security_and_compliance_enabled: config.securityAndComplianceEnabled,
      listing_application: {
        enabled: config.listingApplication.enabled,
        existing_partner_form_url: config.listingApplication.existingPartnerFormUrl,
        new_partner_form_url: config.listingApplication.newPartnerFormUrl,
        partner_programs_email: config.listingApplication.partnerProgramsEmail
      }
    };
  }
  /**
   * Sign-up reveals nothing and cannot be pre-hijacked (issue 8): whatever the address, the caller gets the
   * same answer after the same work. A new address gets its account and a confirmation link; a confirmed
   * account's owner is told by e-mail that someone tried; an unconfirmed account takes the newest sign-up's
   * password and details, and only the newest confirmation link works, so whoever signed up first with
   * someone else's address cannot own the account that address later confirms.
   */
  async register(input, client, now = /* @__PURE__ */ new Date()) {
    const { db, config, mailer } = this.deps;
    await reserveMail(db, config, { to: input.email, ip: client.ip }, now);
    const passwordHash = await hashPassword(input.password, config.scryptLogN);
    await db.transaction().execute(async (trx) => {
      const details = { name: input.name, company_name: input.company_name, password_hash: passwordHash };
      const created = await authRepository.insertUser(trx, { ...details, email: input.email, confirmed_at: null });
      if (created) return this.mailToken(trx, created, "confirmation", now);
      const existing = await authRepository.findUserByEmail(trx, input.email);
      if (!existing) return;
      if (existing.confirmed_at) {
        return mailer.enqueue(trx, {
          to: existing.email,
          template: "signUpAttempt",
          data: {
            name: existing.name,
            signInUrl: `${config.publicUrl}/sign_in`,
            resetUrl: `${config.publicUrl}/password/forgot`
          },
          idempotencyKey: `sign-up-attempt:${existing.id}:${now.getTime()}`
        });
      }
      const replaced = await authRepository.updateUser(trx, existing.id, details);
      await authRepository.revokeTokens(trx, existing.id, "confirmation", now);
      await this.mailToken(trx, replaced, "confirmation", now);
    });
  }
  /** Sends a new confirmation link to an unconfirmed account; silent otherwise (no enumeration). */
  async resendConfirmation(email, client, now = /* @__PURE__ */ new Date()) {
    await reserveMail(this.deps.db, this.deps.config, { to: email, ip: client.ip }, now);
    await this.deps.db.transaction().execute(async (trx) => {
      const user = await authRepository.findUserByEmail(trx, email);
      if (!user || user.confirmed_at) return;
      await authRepository.revokeTokens(trx, user.id, "confirmation", now);
      await this.mailToken(trx, user, "confirmation", now);
    });
  }
  async confirm(token2, now = /* @__PURE__ */ new Date()) {
    return this.deps.db.transaction().execute(async (trx) => {
      const userId = await authRepository.consumeToken(trx, "confirmation", hashToken(token2), now);
      if (userId === void 0) throw errors.invalidToken();
      return authRepository.updateUser(trx, userId, { confirmed_at: now });
    });
  }
  async signIn(credentials, client, now = /* @__PURE__ */ new Date()) {
    const { db, config } = this.deps;
    const email = credentials.email.toLowerCase();
    const user = await authRepository.findUserByEmail(db, email);
    await this.reserveAttempt({ email, ip: client.ip }, user, now);
    const valid = await verifyPassword(credentials.password, user?.password_hash ?? await this.dummyHash());
    if (!user || !valid) throw errors.invalidCredentials();
    await authRepository.forgiveAttempts(db, { email, ip: client.ip });
    if (!user.confirmed_at) throw errors.emailNotConfirmed();
    const sessionToken = randomToken();
    const csrfToken = randomToken();
    await db.transaction().execute(async (trx) => {
      if (client.previousSessionId) await authRepository.deleteSession(trx, client.previousSessionId);
      await authRepository.insertSession(trx, {
        id: hashToken(sessionToken),
        user_id: user.id,
        csrf_token: csrfToken,
        expires_at: idleExpiry(config, now),
        ip: client.ip,
        user_agent: client.userAgent?.slice(0, 500) ?? null
      });
    });
    return { user, sessionToken, csrfToken };
  }
  /**
   * Counts one failed attempt before the password is checked (issue 8): per account and client address
   * (LOGIN_MAX_FAILURES), per address (LOGIN_IP_MAX_FAILURES), and an account-wide ceiling
   * (LOGIN_ACCOUNT_MAX_FAILURES) that only a distributed attack reaches — its owner is told by e-mail.
   * The caller forgives the attempt when the password is right.
   */
  async reserveAttempt(key, user, now) {
    const { db, config, mailer } = this.deps;
    const windowStart = now.getTime() - THROTTLE_WINDOW_MS;
    const reserved = await authRepository.reserveAttempt(db, key, new Date(windowStart), {
      pair: config.loginMaxFailures,
      ip: config.loginIpMaxFailures,
      account: config.loginAccountMaxFailures
    });
    if ("id" in reserved) return;
    if (reserved.limit === "account" && user) {
      await mailer.enqueue(db, {
        to: user.email,
        template: "signInCeiling",
        data: { name: user.name, resetUrl: `${config.publicUrl}/password/forgot` },
        idempotencyKey: `sign-in-ceiling:${user.id}:${Math.floor(now.getTime() / THROTTLE_WINDOW_MS)}`
      });
    }
    throw errors.tooManyAttempts();
  }
  async signOut(sessionId) {
    await authRepository.deleteSession(this.deps.db, sessionId);
  }
  /** Same outcome whether or not the address has an account. */
  async requestPasswordReset(email, client, now = /* @__PURE__ */ new Date()) {
    await reserveMail(this.deps.db, this.deps.config, { to: email, ip: client.ip }, now);
    await this.deps.db.transaction().execute(async (trx) => {
      const user = await authRepository.findUserByEmail(trx, email);
      if (!user) return;
      await authRepository.revokeTokens(trx, user.id, "password_reset", now);
      await this.mailToken(trx, user, "password_reset", now);
    });
  }
  /** Sets the password from a single-use reset token and signs the account out everywhere. */
  async resetPassword(token2, password, now = /* @__PURE__ */ new Date()) {
    const passwordHash = await hashPassword(password, this.deps.config.scryptLogN);
    await this.deps.db.transaction().execute(async (trx) => {
      const userId = await authRepository.consumeToken(trx, "password_reset", hashToken(token2), now);
      if (userId === void 0) throw errors.invalidToken();
      const user = await authRepository.findUser(trx, userId);
      await authRepository.updateUser(trx, userId, {
        password_hash: passwordHash,
        confirmed_at: user?.confirmed_at ?? now
      });
      await authRepository.deleteSessionsOf(trx, userId);
    });
  }
  async updateAccount(user, sessionId, changes, client, now = /* @__PURE__ */ new Date()) {
    const update = {};
    if (changes.name !== void 0) update.name = changes.name;
    if (changes.company_name !== void 0) update.company_name = changes.company_name;
    if (changes.critical_emails !== void 0) update.critical_emails = changes.critical_emails;
    if (changes.password !== void 0) {
      const key = { email: user.email, ip: client.ip };
      await this.reserveAttempt(key, user, now);
      if (!await verifyPassword(changes.current_password ?? "", user.password_hash)) {
        throw errors.field("current_password", "incorrect", "is incorrect");
      }
      await authRepository.forgiveAttempts(this.deps.db, key);
      update.password_hash = await hashPassword(changes.password, this.deps.config.scryptLogN);
    }
    return this.deps.db.transaction().execute(async (trx) => {
      const updated = await authRepository.updateUser(trx, user.id, update);
      if (update.password_hash) await authRepository.deleteSessionsOf(trx, user.id, sessionId);
      return updated;
    });
  }
  /** Stores a new single-use token of `purpose` and queues the e-mail with its link, in `trx`. */
  async mailToken(trx, user, purpose, now) {
    const { ttlMs, template, path: path6 } = TOKEN_MAILS[purpose];
    const token2 = randomToken();
    const tokenHash = hashToken(token2);
    await authRepository.insertToken(trx, user.id, purpose, tokenHash, new Date(now.getTime() + ttlMs));
    await this.deps.mailer.enqueue(trx, {
      to: user.email,
      template,
      data: { name: user.name, url: `${this.deps.config.publicUrl}${path6}?token=${token2}` },
      idempotencyKey: `${purpose}:${tokenHash}`
    });
  }
  dummyHash() {
    this.#dummyHash ??= hashPassword(randomToken(), this.deps.config.scryptLogN);
    return this.#dummyHash;
  }
};

// apps/server/src/modules/changelog/repository.ts
var changelogRepository = {
  /** One page of the changelog page's entries, newest first, and how many match. */
  async feed(db, options) {
    let query = db.selectFrom("changelog_entries").where("hidden", "=", false);
    query = options.branch ? query.where(
      (eb) => eb.or([eb("documentation_branch", "is", null), eb("documentation_branch", "=", options.branch)])
    ) : query.where("documentation_branch", "is", null);
    if (!options.includeNonPublic) query = query.where("public", "=", true);
    if (options.types.length > 0) query = query.where("type", "in", [...options.types]);
    if (options.breakingOnly) query = query.where("breaking", "=", true);
    if (options.search) {
      const pattern = likePattern(options.search);
      query = query.where(
        (eb) => eb.or([
          eb("summary", "ilike", pattern),
          eb("description", "ilike", pattern),
          eb("endpoint", "ilike", pattern)
        ])
      );
    }
    const { total } = await query.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
    const rows = await query.selectAll().orderBy("datestamp", "desc").orderBy("id", "desc").limit(options.per_page).offset(pageOffset(options)).execute();
    return { rows, total: Number(total) };
  },
  /** One page of every entry (hidden and branch ones included) for the admin list. */
  async list(db, options) {
    let query = db.selectFrom("changelog_entries");
    if (options.search) {
      const pattern = likePattern(options.search);
      query = query.where((eb) => eb.or([eb("summary", "ilike", pattern), eb("endpoint", "ilike", pattern)]));
    }
    if (options.type) query = query.where("type", "=", options.type);
    const { total } = await query.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
    let rows = query.selectAll();
    for (const term of options.sort) rows = rows.orderBy(term.key, term.direction);
    rows = rows.orderBy("id", options.sort[0]?.direction ?? "desc");
    return {
      rows: await rows.limit(options.per_page).offset(pageOffset(options)).execute(),
      total: Number(total)
    };
  },
  find(db, id2) {
    return db.selectFrom("changelog_entries").selectAll().where("id", "=", id2).executeTakeFirst();
  },
  insert(db, fields, createdBy, now) {
    return db.insertInto("changelog_entries").values({ ...fields, created_by: createdBy, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  },
  update(db, id2, fields, now) {
    return db.updateTable("changelog_entries").set({ ...fields, updated_at: now }).where("id", "=", id2).returningAll().executeTakeFirst();
  }
};

// apps/server/src/modules/changelog/service.ts
var ChangelogService = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  /**
   * The changelog page's entries, newest first. Non-public entries only for staff; custom_service_sha
   * adds the entries of that documentation branch for staff and is ignored for anyone else (spec 2 §6).
   */
  feed(actor, query) {
    const branch = query.custom_service_sha?.trim() || null;
    return changelogRepository.feed(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      includeNonPublic: changelogPolicy.canSeeNonPublic(actor),
      branch: changelogPolicy.canSwitchBranch(actor) ? branch : null,
      types: query.filters?.type ?? [],
      breakingOnly: query.filters?.breaking === true,
      search: query.filters?.search?.trim() || void 0
    });
  }
  /** Every entry, newest datestamp first unless sorted otherwise. */
  list(query) {
    return changelogRepository.list(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      sort: sortTerms(query.sort.length > 0 ? query.sort : ["-datestamp"]),
      search: query.filters?.search?.trim() || void 0,
      type: query.filters?.type
    });
  }
  async find(id2) {
    const row = await changelogRepository.find(this.deps.db, id2);
    if (!row) throw errors.notFound("Changelog entry");
    return row;
  }
  create(admin, input, now = /* @__PURE__ */ new Date()) {
    return changelogRepository.insert(this.deps.db, normaliseChangelogEntry(input), admin.id, now);
  }
  /** Applies the given fields; `hidden` hides the entry from every changelog page or shows it again. */
  update(id2, changes, now = /* @__PURE__ */ new Date()) {
    return this.deps.db.transaction().execute(async (trx) => {
      const current = await changelogRepository.find(trx, id2);
      if (!current) throw errors.notFound("Changelog entry");
      const pick2 = (key) => changes[key] === void 0 ? current[key] : changes[key];
      const merged = normaliseChangelogEntry({
        summary: changes.summary ?? current.summary,
        description: changes.description ?? current.description,
        endpoint: emptyToNull(pick2("endpoint")),
        type: changes.type ?? current.type,
        breaking: changes.breaking ?? current.breaking,
        datestamp: changes.datestamp ?? current.datestamp,
        versions: emptyToNull(pick2("versions")),
        link: emptyToNull(pick2("link")),
        public: changes.public ?? current.public,
        hidden: changes.hidden ?? current.hidden,
        documentation_branch: emptyToNull(pick2("documentation_branch"))
      });
      const updated = await changelogRepository.update(trx, id2, merged, now);
      if (!updated) throw errors.notFound("Changelog entry");
      return updated;
    });
  }
};
function emptyToNull(value) {
  return value === void 0 || value === null || value === "" ? null : value;
}

// apps/server/src/modules/collaborators/service.ts
var DAY_MS = 864e5;
var refused = (message2) => errors.forbidden(message2);
var invalidInvitation = () => errors.invalidToken(
  "This invitation is invalid, was canceled, was already used or has expired. Please ask for a new one."
);
var CollaboratorService = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  list(context) {
    return collaboratorRepository.list(this.deps.db, context.app.id);
  }
  /**
   * Locks the app for the rest of the transaction and reads the actor's access again under the lock:
   * the app scope checked it before, but a change that committed since (a transfer, a removal) wins.
   */
  async lockForChange(trx, context) {
    await collaboratorRepository.lockApp(trx, context.app.id);
    const locked = await loadAppContext(trx, context.user, context.app.id);
    if (!collaboratorPolicy.canManage(locked)) throw errors.forbidden();
    return locked;
  }
  /**
   * Role changes. An entry that keeps a collaborator's role changes nothing and is allowed, so a client
   * may send the whole table. Giving `owner` transfers ownership: the old owner becomes admin and the
   * app's owner_id follows; the old owner is demoted before the new one is promoted, so the
   * one-owner-per-app index never sees two owners.
   */
  async updateRoles(scope, entries, now = /* @__PURE__ */ new Date()) {
    const appId2 = scope.app.id;
    let newOwnerId;
    const rows = await this.deps.db.transaction().execute(async (trx) => {
      const context = await this.lockForChange(trx, scope);
      const { user } = context;
      const current = new Map((await collaboratorRepository.list(trx, appId2)).map((row) => [row.id, row]));
      const details = [];
      const seen = /* @__PURE__ */ new Set();
      entries.forEach((entry, index) => {
        if (seen.has(entry.id))
          details.push(detail(`collaborators.${index}.id`, "invalid", "is listed twice"));
        else if (!current.has(entry.id)) {
          details.push(detail(`collaborators.${index}.id`, "invalid", "is not a collaborator of this app"));
        }
        seen.add(entry.id);
      });
      if (details.length > 0) throw errors.validation(details);
      const changes = entries.flatMap((entry) => {
        const target = current.get(entry.id);
        return target && target.role !== entry.role ? [{ target, role: entry.role }] : [];
      });
      if (!hasSingleNewOwner(changes)) {
        throw errors.field("collaborators", "single_owner", "can make only one collaborator the owner");
      }
      for (const change of changes) {
        const refusal = collaboratorPolicy.roleChangeRefusal(user, context, change.target, change.role);
        if (refusal) throw refused(refusal);
      }
      const transfer = changes.find((change) => change.role === "owner");
      if (transfer) {
        const owner = [...current.values()].find((row) => row.role === "owner");
        if (owner) await collaboratorRepository.setRole(trx, owner.id, "admin");
        await collaboratorRepository.setRole(trx, transfer.target.id, "owner");
        await collaboratorRepository.setAppOwner(trx, appId2, transfer.target.user_id, now);
        newOwnerId = transfer.target.user_id;
      }
      for (const change of changes) {
        if (change.role !== "owner") await collaboratorRepository.setRole(trx, change.target.id, change.role);
      }
      return collaboratorRepository.list(trx, appId2);
    });
    if (newOwnerId !== void 0) await this.deps.platform.setAppOwner(appId2, newOwnerId);
    return rows;
  }
  /** Removes a collaborator: never the owner, never yourself. */
  async remove(scope, id2) {
    const appId2 = scope.app.id;
    await this.deps.db.transaction().execute(async (trx) => {
      const context = await this.lockForChange(trx, scope);
      const target = await collaboratorRepository.find(trx, appId2, id2);
      if (!target) throw errors.notFound("Collaborator");
      const refusal = collaboratorPolicy.removalRefusal(context.user, context, target);
      if (refusal) throw refused(refusal);
      await collaboratorRepository.remove(trx, appId2, id2);
    });
  }
  /** Pending invitations that can still be accepted on `now`. */
  invitations(context, now = /* @__PURE__ */ new Date()) {
    return collaboratorRepository.listPendingInvitations(this.deps.db, context.app.id, now);
  }
  /**
   * Invites an e-mail address with role developer or admin. Only the token's SHA-256 is stored; the
   * token itself travels in the e-mail, queued in the same transaction.
   */
  async invite(scope, input, client, now = /* @__PURE__ */ new Date()) {
    const { db, config, mailer } = this.deps;
    await reserveMail(db, config, { to: input.email, ip: client.ip }, now);
    const appId2 = scope.app.id;
    return db.transaction().execute(async (trx) => {
      const context = await this.lockForChange(trx, scope);
      const { user } = context;
      if (await collaboratorRepository.collaboratesByEmail(trx, appId2, input.email)) {
        throw errors.field("email", "already_collaborator", "already belongs to a collaborator of this app");
      }
      await collaboratorRepository.expireStaleInvitations(trx, appId2, input.email, now);
      if (await collaboratorRepository.findPendingInvitationFor(trx, appId2, input.email)) {
        throw errors.field("email", "already_invited", "has already been invited to this app");
      }
      const token2 = randomToken();
      const expiresAt = new Date(now.getTime() + config.invitationTtlDays * DAY_MS);
      const invitation = await collaboratorRepository.insertInvitation(
        trx,
        {
          appId: appId2,
          email: input.email,
          role: input.role,
          tokenHash: hashToken(token2),
          invitedBy: user.id,
          expiresAt
        },
        now
      );
      await mailer.enqueue(trx, {
        to: input.email,
        template: "invitation",
        data: {
          inviterName: user.name,
          inviterEmail: user.email,
          email: input.email,
          appName: context.app.name,
          role: input.role,
          url: `${config.publicUrl}/invitations/accept?token=${token2}`,
          expiresAt
        },
        idempotencyKey: `invitation:${invitation.id}`
      });
      return invitation;
    });
  }
  /** Cancels a pending invitation (the only change an invitation takes). */
  async cancelInvitation(scope, id2, now = /* @__PURE__ */ new Date()) {
    const appId2 = scope.app.id;
    return this.deps.db.transaction().execute(async (trx) => {
      await this.lockForChange(trx, scope);
      const invitation = await collaboratorRepository.findInvitation(trx, appId2, id2);
      if (!invitation) throw errors.notFound("Invitation");
      if (invitation.status !== "pending") {
        throw errors.field(
          "invitation.status",
          "invitation_status",
          `only a pending invitation can be canceled (this one is ${invitation.status})`
        );
      }
      return collaboratorRepository.setInvitationStatus(trx, id2, "canceled", now);
    });
  }
  /**
   * The signed-in user accepts with the token from the e-mail: the invitation must be pending and
   * unexpired, and the user's e-mail must be the invited one. Creates the collaborator (someone who
   * already collaborates keeps their role) and marks the invitation accepted, in one transaction.
   */
  async accept(user, token2, now = /* @__PURE__ */ new Date()) {
    const { db } = this.deps;
    const tokenHash = hashToken(token2);
    const found = await collaboratorRepository.findInvitationByTokenHash(db, tokenHash);
    if (!found) throw invalidInvitation();
    const outcome = await db.transaction().execute(async (trx) => {
      await collaboratorRepository.lockApp(trx, found.developer_app_id);
      const invitation = await collaboratorRepository.findInvitationByTokenHash(trx, tokenHash, true);
      if (invitation?.status !== "pending") return "invalid";
      if (invitation.expires_at <= now) {
        await collaboratorRepository.setInvitationStatus(trx, invitation.id, "expired", now);
        return "invalid";
      }
      if (!await collaboratorRepository.appIsLive(trx, invitation.developer_app_id)) return "invalid";
      if (!collaboratorPolicy.isInvitee(user, invitation)) {
        throw refused("This invitation was sent to another e-mail address.");
      }
      await collaboratorRepository.add(trx, invitation.developer_app_id, user.id, invitation.role, now);
      await collaboratorRepository.setInvitationStatus(trx, invitation.id, "accepted", now, user.id);
      return { developer_app_id: invitation.developer_app_id };
    });
    if (outcome === "invalid") throw invalidInvitation();
    return outcome;
  }
};

// apps/server/src/modules/credentials/service.ts
var CredentialService = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  /** The app an OAuth application belongs to (the app scope then decides whether the actor may see it). */
  async appOf(uid) {
    const oauth = await this.deps.platform.findOAuthApplication(uid);
    if (!oauth) throw errors.notFound("OAuth application");
    return oauth.appId;
  }
  /** A new secret; the audit event is written first and stands or falls with the reset. */
  async resetSecret(context, uid, actor) {
    const oauth = await this.ownApplication(context, uid);
    return this.deps.db.transaction().execute(async (trx) => {
      await recordAudit(trx, actor, {
        action: "oauth_application.secret_reset",
        subjectType: "oauth_application",
        subjectId: uid,
        developerAppId: context.app.id,
        changes: { after: { environment: oauth.environment } }
      });
      return this.deps.platform.resetSecret(uid, trx);
    });
  }
  /** The production secret, once; afterwards only its hash is kept and a reset is needed (410). */
  async revealSecret(context, uid) {
    const oauth = await this.ownApplication(context, uid);
    const secret = oauth.environment === "production" ? await this.deps.platform.revealSecret(uid) : null;
    if (secret === null) {
      throw errors.gone("This secret was already revealed; reset the secret to get a new one.");
    }
    return secret;
  }
  async ownApplication(context, uid) {
    const oauth = await this.deps.platform.findOAuthApplication(uid);
    if (!oauth || oauth.appId !== context.app.id) throw errors.notFound("OAuth application");
    if (oauth.revoked) {
      throw errors.conflict("Production access was revoked: this OAuth application no longer works.");
    }
    return oauth;
  }
};

// apps/server/src/platform/video-host.ts
import { randomBytes as randomBytes4 } from "node:crypto";
var EmbeddedVideoHost = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  async upload(video, db = this.deps.db) {
    const hashedId = randomBytes4(10).toString("hex");
    await db.insertInto("video_host_medias").values({
      hashed_id: hashedId,
      name: video.name,
      storage_key: video.key,
      content_type: video.contentType,
      size: video.size
    }).execute();
    return { hashed_id: hashedId, name: video.name };
  }
  externalUrl(hashedId) {
    return `/api/v1/video_host/medias/${hashedId}`;
  }
  async remove(hashedId) {
    await this.deps.db.deleteFrom("video_host_medias").where("hashed_id", "=", hashedId).execute();
  }
  async open(hashedId) {
    const row = await this.deps.db.selectFrom("video_host_medias").selectAll().where("hashed_id", "=", hashedId).executeTakeFirst();
    if (!row) return void 0;
    const stored = await this.deps.storage.get(row.storage_key);
    if (!stored) return void 0;
    return { stream: stored.stream, size: stored.size, contentType: row.content_type };
  }
};

// apps/server/src/modules/manifests/listing-versions.ts
function listingAppVersions() {
  const production = async (db, appId2, id2) => {
    const row = await manifestRepository.find(db, id2);
    return row && row.developer_app_id === appId2 && row.environment_type === "ProductionEnvironment" ? row : void 0;
  };
  return {
    async hasPromotableVersionFor(db, appId2, appVersionId, publishedVersionId) {
      if (appVersionId === null) return false;
      const chosen = await production(db, appId2, appVersionId);
      if (!chosen) return false;
      if (publishedVersionId === null || publishedVersionId === appVersionId) {
        return publishedVersionId === null;
      }
      const published = await production(db, appId2, publishedVersionId);
      return !published || compareSemver(chosen.semantic_version, published.semantic_version) > 0;
    },
    async describe(db, appId2, appVersionId) {
      const row = await production(db, appId2, appVersionId);
      return row ? { id: row.id, version: row.semantic_version } : null;
    }
  };
}

// apps/server/src/modules/listings/media.ts
import { imageSize as imageSize2 } from "image-size";
function imageDimensions(file) {
  try {
    const size = imageSize2(file.head);
    return size.width && size.height ? { width: size.width, height: size.height } : void 0;
  } catch {
    return void 0;
  }
}
function checkLogo(file, path6) {
  const size = imageDimensions(file);
  if (!size || !isLogoSize(size)) {
    throw errors.field(path6, "image_size", `${file.filename} ${LISTING_MEDIA.logo.rule}`, {
      min: LISTING_MEDIA.logo.minSide,
      name: file.filename
    });
  }
  return size;
}
function checkPicture(file, path6) {
  const size = imageDimensions(file);
  if (!size || !isPictureSize(size)) {
    const found = size ? ` (it is ${size.width}\xD7${size.height})` : "";
    throw errors.field(path6, "invalid", `${file.filename} ${LISTING_MEDIA.picture.rule}${found}`, {
      name: file.filename,
      ...size ? { width: size.width, height: size.height } : {}
    });
  }
  return size;
}
async function checkVideo(storage, file, path6) {
  const size = await videoDimensions(storage, file);
  if (!size || !isVideoSize(size)) {
    const found = size ? ` (it is ${size.width}\xD7${size.height})` : " (no video track found)";
    throw errors.field(path6, "invalid", `${file.filename} ${LISTING_MEDIA.video.rule}${found}`, {
      name: file.filename,
      ...size ? { width: size.width, height: size.height } : {}
    });
  }
  return size;
}
var MAX_MOOV_BYTES = 32 * 1024 * 1024;
async function videoDimensions(storage, file) {
  const fromHead = findMoov(Buffer.from(file.head));
  if (fromHead) return largestTrack(fromHead);
  const stored = await storage.get(file.key);
  if (!stored) return void 0;
  try {
    const moov = await moovFromStream(stored.stream);
    return moov ? largestTrack(moov) : void 0;
  } finally {
    stored.stream.destroy();
  }
}
function boxAt(buffer, offset, end) {
  if (offset + 8 > end) return void 0;
  let size = buffer.readUInt32BE(offset);
  const type = buffer.toString("latin1", offset + 4, offset + 8);
  let headerSize = 8;
  if (size === 1) {
    if (offset + 16 > end) return void 0;
    size = Number(buffer.readBigUInt64BE(offset + 8));
    headerSize = 16;
  } else if (size === 0) {
    size = end - offset;
  }
  if (size < headerSize) return void 0;
  return { type, start: offset, headerSize, size };
}
function findMoov(buffer) {
  let offset = 0;
  while (offset < buffer.length) {
    const box = boxAt(buffer, offset, buffer.length);
    if (!box) return void 0;
    if (box.type === "moov") {
      return box.start + box.size <= buffer.length ? buffer.subarray(box.start + box.headerSize, box.start + box.size) : void 0;
    }
    offset += box.size;
  }
  return void 0;
}
async function moovFromStream(stream) {
  let pending = Buffer.alloc(0);
  let skip = 0;
  let collecting;
  for await (const chunk of stream) {
    let data = Buffer.concat([pending, chunk]);
    pending = Buffer.alloc(0);
    while (data.length > 0) {
      if (collecting) {
        const take = data.subarray(0, collecting.remaining);
        collecting.parts.push(take);
        collecting.remaining -= take.length;
        data = data.subarray(take.length);
        if (collecting.remaining === 0) return Buffer.concat(collecting.parts);
        continue;
      }
      if (skip > 0) {
        const skipped = Math.min(skip, data.length);
        skip -= skipped;
        data = data.subarray(skipped);
        continue;
      }
      if (data.length < 16) {
        pending = data;
        break;
      }
      const box = boxAt(data, 0, data.length);
      if (!box) return void 0;
      data = data.subarray(box.headerSize);
      const body = box.size - box.headerSize;
      if (box.type === "moov") {
        if (body > MAX_MOOV_BYTES) return void 0;
        collecting = { remaining: body, parts: [] };
        if (body === 0) return Buffer.alloc(0);
      } else {
        skip = body;
      }
    }
  }
  return void 0;
}
function largestTrack(moov) {
  let best;
  for (const trak of children(moov).filter((box) => box.type === "trak")) {
    const body = moov.subarray(trak.start + trak.headerSize, trak.start + trak.size);
    const tkhd = children(body).find((box) => box.type === "tkhd");
    if (!tkhd) continue;
    const handler = handlerOf(body);
    if (handler && handler !== "vide") continue;
    const data = body.subarray(tkhd.start + tkhd.headerSize, tkhd.start + tkhd.size);
    const version = data[0];
    const offset = version === 1 ? 4 + 8 + 8 + 4 + 4 + 8 + 8 + 2 + 2 + 2 + 2 + 36 : 4 + 4 + 4 + 4 + 4 + 4 + 8 + 2 + 2 + 2 + 2 + 36;
    if (data.length < offset + 8) continue;
    const width = Math.round(data.readUInt32BE(offset) / 65536);
    const height = Math.round(data.readUInt32BE(offset + 4) / 65536);
    if (width === 0 || height === 0) continue;
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  return best;
}
function handlerOf(trak) {
  const mdia = children(trak).find((box) => box.type === "mdia");
  if (!mdia) return void 0;
  const body = trak.subarray(mdia.start + mdia.headerSize, mdia.start + mdia.size);
  const hdlr = children(body).find((box) => box.type === "hdlr");
  if (!hdlr) return void 0;
  const data = body.subarray(hdlr.start + hdlr.headerSize, hdlr.start + hdlr.size);
  return data.length >= 12 ? data.toString("latin1", 8, 12) : void 0;
}
function children(buffer) {
  const boxes = [];
  let offset = 0;
  while (offset < buffer.length) {
    const box = boxAt(buffer, offset, buffer.length);
    if (!box || box.start + box.size > buffer.length) break;
    boxes.push(box);
    offset += box.size;
  }
  return boxes;
}

// apps/server/src/modules/listings/media-changes.ts
async function applyMediaChanges(deps, submission, changes, released) {
  const { trx, storage, videoHost } = deps;
  let media2 = await listingRepository.media(trx, submission.id);
  let touched = false;
  const byFormId = (id2) => media2.find((row) => row.id === id2 || row.copied_from_id === id2);
  const remove = async (rows) => {
    if (rows.length === 0) return;
    await listingRepository.deleteMedia(
      trx,
      rows.map((row) => row.id)
    );
    released.keys.push(...rows.map((row) => row.storage_key));
    released.videos.push(...rows.flatMap((row) => row.hashed_id ? [row.hashed_id] : []));
    const gone = new Set(rows.map((row) => row.id));
    media2 = media2.filter((row) => !gone.has(row.id));
    touched = true;
  };
  const add = async (type, file, extra) => {
    const row = await listingRepository.insertMedia(trx, {
      submission_id: submission.id,
      type,
      name: displayName(file, type),
      original_filename: file.filename || displayName(file, type),
      description: extra.description ?? null,
      storage_key: file.key,
      content_type: file.contentType,
      size: file.size,
      width: extra.width ?? null,
      height: extra.height ?? null,
      hashed_id: extra.hashed_id ?? null,
      position: extra.position ?? 0
    });
    media2.push(row);
    touched = true;
  };
  if (changes.remove_media_ids?.length) {
    const rows = [];
    changes.remove_media_ids.forEach((id2, index) => {
      const row = byFormId(id2);
      if (!row)
        throw errors.field(
          `submission.remove_media_ids.${index}`,
          "invalid_choice",
          `${id2} is not a file of this listing`
        );
      rows.push(row);
    });
    await remove(rows);
  }
  if (changes.small_logo) {
    const size = checkLogo(changes.small_logo, "submission.small_logo");
    await remove(media2.filter((row) => row.type === "Logo"));
    await add("Logo", changes.small_logo, size);
  } else if (changes.remove_small_logo) {
    await remove(media2.filter((row) => row.type === "Logo"));
  }
  await applyList(
    trx,
    "Picture",
    "submission.pictures_attributes",
    changes.pictures_attributes,
    byFormId,
    add,
    async (file, path6) => checkPicture(file, path6)
  );
  await applyList(
    trx,
    "Video",
    "submission.videos_attributes",
    changes.videos_attributes,
    byFormId,
    add,
    async (file, path6) => {
      const size = await checkVideo(storage, file, path6);
      const hosted = await videoHost.upload(
        {
          key: file.key,
          name: displayName(file, "Video"),
          contentType: file.contentType,
          size: file.size
        },
        trx
      );
      return { ...size, hashed_id: hosted.hashed_id };
    }
  );
  if (changes.pictures_attributes?.length || changes.videos_attributes?.length) touched = true;
  const showcase = changes.showcase_video_attributes;
  if (showcase?.file) {
    const size = await checkVideo(storage, showcase.file, "submission.showcase_video_attributes.file");
    const hosted = await videoHost.upload(
      {
        key: showcase.file.key,
        name: displayName(showcase.file, "ShowcaseVideo"),
        contentType: showcase.file.contentType,
        size: showcase.file.size
      },
      trx
    );
    await remove(media2.filter((row) => row.type === "ShowcaseVideo"));
    await add("ShowcaseVideo", showcase.file, {
      ...size,
      hashed_id: hosted.hashed_id,
      description: showcase.description
    });
  }
  const document = changes.security_questionnaire_document;
  if (document?.file) {
    await remove(media2.filter((row) => row.type === "Document"));
    await add("Document", document.file, {});
  }
  const pictures = media2.filter((row) => row.type === "Picture").length;
  if (pictures > LISTING_MEDIA.picture.maxCount) {
    throw errors.field(
      "submission.pictures_attributes",
      "too_many",
      `at most ${LISTING_MEDIA.picture.maxCount} screenshots`,
      {
        max: LISTING_MEDIA.picture.maxCount
      }
    );
  }
  const videos = media2.filter((row) => row.type === "Video").length;
  if (videos > LISTING_MEDIA.video.maxCount) {
    throw errors.field(
      "submission.videos_attributes",
      "too_many",
      `at most ${LISTING_MEDIA.video.maxCount} videos`,
      {
        max: LISTING_MEDIA.video.maxCount
      }
    );
  }
  return touched;
}
async function applyList(trx, type, path6, entries, byFormId, add, inspect) {
  if (!entries) return;
  for (const [index, entry] of entries.entries()) {
    if (!entry) continue;
    const file = entry.file;
    if (file) {
      const found = await inspect(file, `${path6}.${index}.file`);
      await add(type, file, { ...found, description: entry.description ?? null, position: index });
    } else if (entry.id !== void 0) {
      const row = byFormId(entry.id);
      if (!row || row.type !== type) {
        throw errors.field(
          `${path6}.${index}.id`,
          "invalid_choice",
          `${entry.id} is not a ${type.toLowerCase()} of this listing`
        );
      }
      await listingRepository.updateMediaDescription(
        trx,
        row.id,
        entry.description === void 0 ? row.description : entry.description ?? null,
        index
      );
    } else {
      throw errors.field(`${path6}.${index}`, "required", "needs a file or the id of a stored one");
    }
  }
}
function displayName(file, type) {
  const base2 = (file.filename || "").split(/[\\/]/).pop()?.trim();
  return base2 && base2.length > 0 ? base2.slice(0, 255) : `${type.toLowerCase()}.${file.extension}`;
}

// apps/server/src/modules/listings/values.ts
var JSON_LIST_FIELDS = [
  "category_ids",
  "region_ids",
  "country_ids",
  "helpful_links",
  "feature_bullets",
  "product_tool_ids",
  "requirements"
];
var JSON_OBJECT_FIELDS = ["website_link", "security_questionnaire"];
var PLAIN_FIELDS = [
  "public_name",
  "tagline",
  "built_by",
  "sold_by",
  "description",
  "about",
  "how_it_works",
  "app_version_id",
  "draft_developer_notes",
  "installable",
  "subscription_required",
  "connector_required",
  "has_trials",
  "pricing_url",
  "pricing_description",
  "support_email",
  "contact_us_email",
  "learn_how_url",
  "create_lead",
  "security_questionnaire_visible",
  "beta",
  "security_badge",
  "notes",
  "is_concierge_app"
];
var COPIED_FIELDS = [...PLAIN_FIELDS, "made_by_platform", "platform_certified_partner"];
function contentOf(changes) {
  const out = {};
  const given = changes;
  for (const field3 of PLAIN_FIELDS) {
    if (given[field3] === void 0) continue;
    const value = given[field3];
    if ([
      "installable",
      "create_lead",
      "security_questionnaire_visible",
      "beta",
      "security_badge",
      "is_concierge_app"
    ].includes(field3)) {
      out[field3] = value === null ? field3 === "installable" : value;
    } else out[field3] = value === "" ? null : value;
  }
  for (const field3 of JSON_LIST_FIELDS) {
    if (given[field3] === void 0) continue;
    let list = given[field3] ?? [];
    if (field3 === "helpful_links")
      list = list.filter(
        (link2) => link2 && (link2.url || link2.label)
      );
    if (field3 === "requirements") list = list.filter((item) => typeof item === "string" && item !== "");
    if (field3 === "feature_bullets") list = list.map((item) => item ?? "");
    out[field3] = JSON.stringify(list);
  }
  for (const field3 of JSON_OBJECT_FIELDS) {
    if (given[field3] === void 0) continue;
    out[field3] = given[field3] === null ? null : JSON.stringify(given[field3]);
  }
  if (changes.admin_message !== void 0) out.admin_message = changes.admin_message;
  return out;
}
function valuesOf(row, media2) {
  const logo = media2.find((m) => m.type === "Logo");
  return {
    public_name: row.public_name,
    tagline: row.tagline,
    built_by: row.built_by,
    sold_by: row.sold_by,
    description: row.description,
    about: row.about,
    how_it_works: row.how_it_works,
    category_ids: row.category_ids,
    app_version_id: row.app_version_id,
    draft_developer_notes: row.draft_developer_notes,
    installable: row.installable,
    subscription_required: row.subscription_required,
    connector_required: row.connector_required,
    has_trials: row.has_trials,
    pricing_url: row.pricing_url,
    pricing_description: row.pricing_description,
    region_ids: row.region_ids,
    country_ids: row.country_ids,
    helpful_links: row.helpful_links,
    feature_bullets: row.feature_bullets,
    website_link: row.website_link,
    support_email: row.support_email,
    product_tool_ids: row.product_tool_ids,
    requirements: row.requirements,
    contact_us_email: row.contact_us_email,
    learn_how_url: row.learn_how_url,
    create_lead: row.create_lead,
    security_questionnaire_visible: row.security_questionnaire_visible,
    security_questionnaire: row.security_questionnaire,
    small_logo_url: logo ? `media:${logo.id}` : null,
    pictures: media2.filter((m) => m.type === "Picture").map((m) => ({ id: m.id })),
    videos: media2.filter((m) => m.type === "Video").map((m) => ({ id: m.id })),
    showcase_video: media2.some((m) => m.type === "ShowcaseVideo") ? { id: 0 } : null
  };
}

// apps/server/src/modules/listings/service.ts
var ListingService = class {
  constructor(deps) {
    this.deps = deps;
    this.videoHost = new EmbeddedVideoHost({ db: deps.db, storage: deps.storage });
    this.appVersions = listingAppVersions();
  }
  deps;
  appVersions;
  videoHost;
  /** SECURITY_AND_COMPLIANCE_ENABLED (spec 3 §2): the questionnaire is shown and checked on submit. */
  get securityAndComplianceEnabled() {
    return this.deps.config.securityAndComplianceEnabled;
  }
  referenceData() {
    return listingRepository.referenceData(this.deps.db);
  }
  /** The app's newest submission, or null. */
  async current(appId2, forAdmin) {
    const row = await listingRepository.latest(this.deps.db, appId2);
    return row ? this.view(this.deps.db, row, forAdmin) : null;
  }
  /** One submission of the app (404 when it belongs to another). */
  async get(appId2, submissionId, forAdmin) {
    const row = await listingRepository.find(this.deps.db, submissionId);
    if (!row || row.developer_app_id !== appId2) throw errors.notFound("Submission");
    return this.view(this.deps.db, row, forAdmin);
  }
  /** 404 unless the app exists (deleted or not: the admin routes see every app). */
  async requireApp(appId2) {
    if (!await listingRepository.appExists(this.deps.db, appId2)) throw errors.notFound("App");
  }
  /** The app a submission belongs to (the app scope's locator), or 404. */
  async appOf(submissionId) {
    const row = await listingRepository.find(this.deps.db, submissionId);
    if (!row) throw errors.notFound("Submission");
    return row.developer_app_id;
  }
  /** The bytes of one stored file of a submission. */
  async mediaFile(appId2, submissionId, mediaId) {
    const row = await listingRepository.find(this.deps.db, submissionId);
    if (!row || row.developer_app_id !== appId2) throw errors.notFound("Submission");
    const media2 = await listingRepository.findMedia(this.deps.db, submissionId, mediaId);
    const stored = media2 ? await this.deps.storage.get(media2.storage_key) : void 0;
    if (!media2 || !stored) throw errors.notFound("File");
    return {
      stream: stored.stream,
      size: stored.size,
      contentType: media2.content_type,
      filename: media2.name
    };
  }
  /** A video of the embedded video host. */
  async hostedVideo(hashedId) {
    const video = await this.videoHost.open(hashedId);
    if (!video) throw errors.notFound("Video");
    return video;
  }
  /**
   * Saves the listing (spec 3 §4 "Saving"): the given submission, or — without one — the app's newest
   * unless it is published; a published submission is never changed but copied into a new draft. Then
   * the state change the body asks for: submit, withdraw, approve or reject.
   */
  async save(actor, appId2, submissionId, changes, now = /* @__PURE__ */ new Date()) {
    const { db, storage } = this.deps;
    const released = { keys: [], videos: [] };
    const result = await db.transaction().execute(async (trx) => {
      let target;
      if (submissionId !== null) {
        target = await listingRepository.findForUpdate(trx, submissionId);
        if (!target || target.developer_app_id !== appId2) throw errors.notFound("Submission");
        const latest = await listingRepository.latest(trx, appId2);
        if (target.state === "published" && latest && latest.id !== target.id) {
          throw errors.conflict(
            `A newer version of this listing exists (submission ${latest.id}): change that one instead.`
          );
        }
      } else {
        const latest = await listingRepository.latest(trx, appId2);
        if (latest && latest.state !== "published") target = await listingRepository.findForUpdate(trx, latest.id);
      }
      this.checkTransition(actor, target, changes);
      let created = false;
      if (!target || target.state === "published") {
        target = await this.newDraft(trx, appId2, target, now);
        created = true;
      }
      if (changes.state === "draft") {
        target = await listingRepository.update(trx, target.id, { state: "draft" }, now);
      }
      await this.checkReferences(trx, changes);
      const contentChanges = contentOf(changes);
      if (Object.keys(contentChanges).length > 0)
        target = await listingRepository.update(trx, target.id, contentChanges, now);
      const touchedMedia = await applyMediaChanges(
        { trx, storage, videoHost: this.videoHost },
        target,
        changes,
        released
      );
      if (touchedMedia && Object.keys(contentChanges).length === 0)
        target = await listingRepository.update(trx, target.id, {}, now);
      if (changes.state === "in_review") target = await this.submit(trx, actor, target, now);
      if (actor.admin && changes.approval_state) target = await this.decide(trx, actor, target, changes, now);
      return { row: target, created };
    });
    for (const key of await listingRepository.unusedKeys(db, released.keys))
      await storage.delete(key).catch(() => void 0);
    for (const hashed of await listingRepository.unusedHashedIds(db, released.videos)) {
      await this.videoHost.remove(hashed).catch(() => void 0);
    }
    return { view: await this.view(db, result.row, actor.admin), created: result.created };
  }
  /** Illegal moves, refused before anything is written (spec 3 §4). */
  checkTransition(actor, target, changes) {
    const state = target?.state ?? "draft";
    if (changes.state === "in_review") {
      if (!actor.admin && !actor.canSubmit)
        throw errors.forbidden("You are not allowed to submit this listing.");
      if (state === "in_review") {
        throw errors.field("submission.state", "invalid", "is already in review", {
          from: state,
          to: "in_review"
        });
      }
    }
    if (changes.state === "draft" && state !== "in_review") {
      throw errors.field("submission.state", "invalid", "can only withdraw a listing that is in review", {
        from: state,
        to: "draft"
      });
    }
    if (changes.approval_state) {
      if (state !== "in_review") {
        throw errors.field(
          "submission.approval_state",
          "invalid",
          `can only be given to a listing in review (this one is ${state.replace("_", " ")})`,
          { from: state, to: changes.approval_state }
        );
      }
    }
    if (!actor.admin && state === "in_review" && changes.state !== "draft") {
      throw errors.conflict("This listing is in review: withdraw it first to make changes.");
    }
  }
  /** A new draft: a copy of the published listing when there is one (its content and media), else empty. */
  async newDraft(trx, appId2, from, now) {
    const source = from ?? await listingRepository.published(trx, appId2);
    const version = await listingRepository.maxVersion(trx, appId2) + 1;
    const copied = {};
    if (source) {
      for (const field3 of COPIED_FIELDS) copied[field3] = source[field3];
      for (const field3 of [...JSON_LIST_FIELDS, ...JSON_OBJECT_FIELDS])
        copied[field3] = JSON.stringify(source[field3]);
    }
    const row = await listingRepository.insert(trx, {
      ...copied,
      developer_app_id: appId2,
      version,
      state: "draft",
      approval_state: "unreviewed",
      created_at: now,
      updated_at: now
    });
    if (source) await listingRepository.copyMedia(trx, source.id, row.id);
    return row;
  }
  /** Ids of reference data must exist (a region id that does not exist: 422 naming it). */
  async checkReferences(trx, changes) {
    const details = [];
    const check = async (path6, table, ids2) => {
      if (!ids2 || ids2.length === 0) return;
      const known = await listingRepository.existingIds(trx, table, ids2);
      ids2.forEach((id2, index) => {
        if (!known.has(id2)) {
          details.push({
            path: `${path6}.${index}`,
            code: "invalid_choice",
            message: `${id2} does not exist`,
            params: { values: String(id2) }
          });
        }
      });
    };
    await check("submission.category_ids", "listing_categories", changes.category_ids);
    await check("submission.region_ids", "listing_regions", changes.region_ids);
    await check("submission.country_ids", "listing_countries", changes.country_ids);
    await check("submission.product_tool_ids", "product_tools", changes.product_tool_ids);
    const q = changes.security_questionnaire;
    if (q) {
      if (q.headquarters_country_id != null) {
        const known = await listingRepository.existingIds(trx, "listing_countries", [q.headquarters_country_id]);
        if (!known.has(q.headquarters_country_id)) {
          details.push({
            path: "submission.security_questionnaire.headquarters_country_id",
            code: "invalid_choice",
            message: `${q.headquarters_country_id} does not exist`
          });
        }
      }
      await check(
        "submission.security_questionnaire.data_processing_country_ids",
        "listing_countries",
        q.data_processing_country_ids
      );
      await check(
        "submission.security_questionnaire.security_standard_ids",
        "security_standards",
        q.security_standard_ids
      );
    }
    if (details.length > 0) throw errors.validation(details);
  }
  /**
   * Submit for review (spec 3 §4): a complete listing (422, one detail per field path) and a promoted
   * app version newer than the published one.
   */
  async submit(trx, actor, row, now) {
    const media2 = await listingRepository.media(trx, row.id);
    const values = valuesOf(row, media2);
    const result = completeListingSchema({
      securityEnabled: this.securityAndComplianceEnabled
    }).safeParse(values);
    if (!result.success) throw errors.validation(detailsFromIssues(result.error.issues));
    const published = await listingRepository.published(trx, row.developer_app_id);
    if (!await this.hasPromotableVersionFor(
      trx,
      row.developer_app_id,
      row.app_version_id,
      published?.app_version_id ?? null
    )) {
      throw errors.field(
        "app_version_id",
        "invalid",
        "must be a promoted app version newer than the published one"
      );
    }
    const submitted = await listingRepository.update(
      trx,
      row.id,
      { state: "in_review", approval_state: "unreviewed", submitted_at: now },
      now
    );
    await this.recordReviewStateChanged(trx, submitted, "submitted", actor.user);
    return submitted;
  }
  /**
   * The one question the listing asks of app versions (issue 10), answered by the manifests area's port
   * (services.ts wires `listingAppVersions`).
   */
  hasPromotableVersionFor(db, appId2, appVersionId, publishedVersionId) {
    return this.appVersions.hasPromotableVersionFor(db, appId2, appVersionId, publishedVersionId);
  }
  /** Approve (→ published) or reject (→ draft), with the admin message and reasons (spec 3 §4). */
  async decide(trx, actor, row, changes, now) {
    const approved = changes.approval_state === "approved";
    const decided = await listingRepository.update(
      trx,
      row.id,
      approved ? {
        state: "published",
        approval_state: "approved",
        published_at: now,
        reviewed_at: now,
        live: true,
        silent: changes.silent ?? false
      } : {
        state: "draft",
        approval_state: "rejected",
        reviewed_at: now,
        rejection_reasons: JSON.stringify(
          (changes.rejection_reasons ?? []).map((reason) => ({
            code: reason.code,
            note: reason.note ?? null
          }))
        )
      },
      now
    );
    await this.recordReviewStateChanged(trx, decided, approved ? "approved" : "rejected", actor.user);
    await recordAudit(
      trx,
      { userId: actor.user.id, clientAddress: actor.clientAddress },
      {
        action: approved ? "marketplace_listing.approved" : "marketplace_listing.rejected",
        subjectType: "marketplace_submission",
        subjectId: row.id,
        developerAppId: row.developer_app_id,
        changes: changedFields2(
          { state: row.state, approval_state: row.approval_state, admin_message: row.admin_message },
          {
            state: decided.state,
            approval_state: decided.approval_state,
            admin_message: decided.admin_message
          }
        )
      }
    );
    return decided;
  }
  /**
   * The analytics event marketplace_listing.review_state_changed (spec 3 §4): stored as the listing's
   * review history and as an analytics event beside the web's (analytics_events).
   */
  async recordReviewStateChanged(trx, row, state, actor) {
    await listingRepository.recordReviewEvent(trx, {
      submission_id: row.id,
      developer_app_id: row.developer_app_id,
      state,
      actor_id: actor.id
    });
    await manifestRepository.recordEvent(trx, actor.id, "marketplace_listing.review_state_changed", {
      state,
      developer_app_id: row.developer_app_id,
      submission_id: row.id
    });
  }
  /** Turns marketplace_enabled on or off for an app (platform administrators). */
  setMarketplaceEnabled(appId2, enabled2) {
    return listingRepository.setMarketplaceEnabled(this.deps.db, appId2, enabled2);
  }
  async view(db, row, forAdmin) {
    const [media2, reference, published] = await Promise.all([
      listingRepository.media(db, row.id),
      listingRepository.referenceData(db),
      listingRepository.published(db, row.developer_app_id)
    ]);
    const appVersion = row.app_version_id ? await this.appVersions.describe(db, row.developer_app_id, row.app_version_id) : null;
    return {
      row,
      media: media2,
      reference,
      appVersion,
      hasPublished: published !== void 0,
      forAdmin,
      videoHost: this.videoHost
    };
  }
};

// apps/server/src/modules/marketplace/service.ts
import { timingSafeEqual as timingSafeEqual2 } from "node:crypto";

// apps/server/src/modules/marketplace/repository.ts
import { sql as sql23 } from "kysely";
var marketplaceRepository2 = {
  async list(db, options) {
    const published = db.selectFrom("marketplace_submissions as s").innerJoin("developer_apps as a", "a.id", "s.developer_app_id").where("s.state", "=", "published").where("a.deleted_at", "is", null).distinctOn("s.developer_app_id").select([
      "s.developer_app_id",
      "s.id as submission_id",
      "s.public_name",
      "s.tagline",
      "s.built_by",
      "s.category_ids",
      "s.published_at"
    ]).orderBy("s.developer_app_id").orderBy("s.published_at", "desc").orderBy("s.id", "desc");
    let query = db.selectFrom(published.as("p"));
    if (options.search) {
      const pattern = likePattern(options.search);
      query = query.where(
        (eb) => eb.or([eb("p.public_name", "ilike", pattern), eb("p.tagline", "ilike", pattern)])
      );
    }
    if (options.categoryId !== void 0) {
      query = query.where(sql23`p.category_ids @> ${JSON.stringify([options.categoryId])}::jsonb`);
    }
    const { total } = await query.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
    let rows = query.selectAll("p").select(
      (eb) => eb.selectFrom("listing_media as m").select("m.id").whereRef("m.submission_id", "=", "p.submission_id").where("m.type", "=", "Logo").orderBy("m.id").limit(1).as("logo_media_id")
    );
    for (const term of options.sort) {
      rows = rows.orderBy(term.key === "public_name" ? "p.public_name" : "p.published_at", term.direction);
    }
    if (options.sort.length === 0) rows = rows.orderBy("p.public_name");
    rows = rows.orderBy("p.developer_app_id");
    const found = await rows.limit(options.per_page).offset(pageOffset(options)).execute();
    return { rows: found, total: Number(total) };
  },
  /** The app's listing customers see, or undefined when it has none or the app is deleted. */
  publishedSubmissionId(db, appId2) {
    return db.selectFrom("marketplace_submissions as s").innerJoin("developer_apps as a", "a.id", "s.developer_app_id").select("s.id").where("s.developer_app_id", "=", appId2).where("s.state", "=", "published").where("a.deleted_at", "is", null).orderBy("s.published_at", "desc").orderBy("s.id", "desc").limit(1).executeTakeFirst();
  },
  /** A live app (the platform's events may name any app that is not deleted). */
  liveAppExists(db, appId2) {
    return db.selectFrom("developer_apps").select("id").where("id", "=", appId2).where("deleted_at", "is", null).executeTakeFirst();
  }
};

// apps/server/src/modules/marketplace/service.ts
var MarketplaceService = class {
  constructor(deps, listings) {
    this.deps = deps;
    this.listings = listings;
  }
  deps;
  listings;
  list(input) {
    return marketplaceRepository2.list(this.deps.db, {
      page: input.page,
      per_page: input.per_page,
      sort: sortTerms(input.sort),
      search: input.filters?.search || void 0,
      categoryId: input.filters?.category_id
    });
  }
  /** Category names for the list. */
  referenceData() {
    return this.listings.referenceData();
  }
  /** The published listing, 404 when the app has none. */
  async listing(appId2) {
    const published = await marketplaceRepository2.publishedSubmissionId(this.deps.db, appId2);
    if (!published) throw errors.notFound("App");
    return this.listings.get(appId2, published.id, false);
  }
  /** The listing a visitor opens: counts one marketplace view per visitor and day. */
  async view(appId2, visitorKey) {
    const listing = await this.listing(appId2);
    await this.deps.platform.marketplace.view(appId2, visitorKey);
    return listing;
  }
  /** A file of the published listing (never of a draft). */
  async mediaFile(appId2, mediaId) {
    const published = await marketplaceRepository2.publishedSubmissionId(this.deps.db, appId2);
    if (!published) throw errors.notFound("File");
    return this.listings.mediaFile(appId2, published.id, mediaId);
  }
  async install(appId2, body) {
    await this.listing(appId2);
    return this.deps.platform.marketplace.install(appId2, {
      companyName: body.company_name,
      companyIsDemo: body.company_is_demo,
      userEmailAddress: body.email
    });
  }
  async uninstall(appId2, installationId, email) {
    const installation = await this.deps.platform.marketplace.uninstall(appId2, installationId, email);
    if (!installation) throw errors.notFound("Installation");
    return installation;
  }
  /** Whether `authorization` carries PLATFORM_EVENTS_SECRET (none configured: nothing does). */
  acceptsPlatformCredentials(authorization) {
    const secret = this.deps.config.platformEventsSecret;
    const match = /^Bearer (.+)$/.exec(authorization ?? "");
    if (!secret || !match?.[1]) return false;
    const given = Buffer.from(match[1]);
    const expected = Buffer.from(secret);
    return given.length === expected.length && timingSafeEqual2(given, expected);
  }
  /** A platform event, processed once by its id; false for a replay. */
  async receive(event) {
    if (!await marketplaceRepository2.liveAppExists(this.deps.db, event.appId)) throw errors.notFound("App");
    const { outcome } = await this.deps.platform.marketplace.record(event);
    if (outcome === "no_installation") {
      throw errors.field("company_name", "invalid", "has no installation of this app to uninstall");
    }
    return outcome !== "duplicate";
  }
};

// apps/server/src/modules/metrics/csv.ts
import { Readable as Readable2 } from "node:stream";
var FORMULA_START = /^[=+\-@\t\r]/;
function csvField(value) {
  if (value === null) return "";
  let text5 = String(value);
  if (typeof value === "string" && FORMULA_START.test(text5)) text5 = `'${text5}`;
  return /[",\r\n]/.test(text5) || text5 !== text5.trim() ? `"${text5.replace(/"/g, '""')}"` : text5;
}
function csvRow(values) {
  return `${values.map(csvField).join(",")}\r
`;
}
function csvStream(header, batches, toRow) {
  async function* lines2() {
    yield csvRow(header);
    for await (const batch of batches) yield batch.map((item) => csvRow(toRow(item))).join("");
  }
  return Readable2.from(lines2(), { objectMode: false });
}

// apps/server/src/modules/metrics/service.ts
var CSV_BATCH_SIZE = 1e3;
var MetricsService = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  async metrics(appId2, page) {
    const marketplace = this.deps.platform.marketplace;
    const [installations, views2, feed] = await Promise.all([
      marketplace.dailyInstallations(appId2),
      marketplace.dailyViews(appId2),
      marketplace.installations(appId2, { limit: page.per_page, offset: (page.page - 1) * page.per_page })
    ]);
    return { appId: appId2, installations, views: views2, feed };
  }
  /** Any app for the admin routes (deleted ones too), else 404. */
  async adminApp(appId2) {
    const app = await developerAppRepository.find(this.deps.db, appId2);
    if (!app) throw errors.notFound("App");
    return app;
  }
  /**
   * The app's installations as CSV, streamed in batches from the database; installer e-mails only when
   * asked for (platform administrators). A deleted app has no export (404).
   */
  installationsCsv(app, withEmails, now = /* @__PURE__ */ new Date()) {
    if (app.deleted_at !== null) throw errors.notFound("App");
    const header = ["id", "company_name", "company_is_demo", "status", "installed_at", "updated_at"];
    if (withEmails) header.push("user_email_address");
    const body = csvStream(
      header,
      this.deps.platform.marketplace.installationBatches(app.id, CSV_BATCH_SIZE),
      (row) => {
        const values = [
          row.id,
          row.companyName,
          row.companyIsDemo,
          row.status,
          row.installedAt.toISOString(),
          row.updatedAt.toISOString()
        ];
        return withEmails ? [...values, row.userEmailAddress] : values;
      }
    );
    return {
      body,
      filename: `${app.name || app.internal_name} installations ${now.toISOString().slice(0, 10)}.csv`
    };
  }
};

// apps/server/src/modules/notifications/repository.ts
import { sql as sql24 } from "kysely";
function visibleOn(eb, today) {
  return eb.and([
    eb("notifications.draft", "=", false),
    eb.or([
      eb("notifications.show_after", "is", null),
      eb("notifications.show_after", "<=", sql24`${today}::date`)
    ])
  ]);
}
var notificationRepository = {
  /** One page of what a developer may see, newest first, with this user's read state and counts. */
  async listVisible(db, userId, today, page) {
    const base2 = db.selectFrom("notifications").leftJoin(
      "notification_reads as r",
      (join) => join.onRef("r.notification_id", "=", "notifications.id").on("r.user_id", "=", userId)
    ).where((eb) => visibleOn(eb, today));
    const counts = await base2.select((eb) => [
      eb.fn.countAll().as("total"),
      sql24`count(*) filter (where r.read_at is null)`.as("unread")
    ]).executeTakeFirstOrThrow();
    const rows = await base2.selectAll("notifications").select("r.read_at").orderBy("notifications.created_at", "desc").orderBy("notifications.id", "desc").limit(page.per_page).offset(pageOffset(page)).execute();
    return { rows, total: Number(counts.total), unread: Number(counts.unread) };
  },
  /** One notification with this user's read state, whatever its visibility (the policy decides). */
  findWithRead(db, userId, id2) {
    return db.selectFrom("notifications").leftJoin(
      "notification_reads as r",
      (join) => join.onRef("r.notification_id", "=", "notifications.id").on("r.user_id", "=", userId)
    ).selectAll("notifications").select("r.read_at").where("notifications.id", "=", id2).executeTakeFirst();
  },
  /** Marks read once; the first read time stays. */
  async markRead(db, userId, id2, now) {
    await db.insertInto("notification_reads").values({ notification_id: id2, user_id: userId, read_at: now }).onConflict((c) => c.columns(["notification_id", "user_id"]).doNothing()).execute();
  },
  find(db, id2) {
    return db.selectFrom("notifications").selectAll().where("id", "=", id2).executeTakeFirst();
  },
  /** One page of every notification in `sort` order (`-title`: descending), ties broken by id. */
  async list(db, options) {
    const { total } = await db.selectFrom("notifications").select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
    const terms = options.sort.map(
      (value) => value.startsWith("-") ? { key: value.slice(1), direction: "desc" } : { key: value, direction: "asc" }
    );
    let query = db.selectFrom("notifications").selectAll();
    for (const term of terms) query = query.orderBy(term.key, term.direction);
    query = query.orderBy("id", terms[0]?.direction ?? "desc");
    const rows = await query.limit(options.per_page).offset(pageOffset(options)).execute();
    return { rows, total: Number(total) };
  },
  insert(db, fields, createdBy, now) {
    return db.insertInto("notifications").values({ ...fields, created_by: createdBy, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  },
  update(db, id2, fields, now) {
    return db.updateTable("notifications").set({ ...fields, updated_at: now }).where("id", "=", id2).returningAll().executeTakeFirst();
  },
  async delete(db, id2) {
    const result = await db.deleteFrom("notifications").where("id", "=", id2).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
  /** queued / sent / failed counts of the e-mails of each notification. */
  async deliveryCounts(db, ids2) {
    const counts = /* @__PURE__ */ new Map();
    if (ids2.length === 0) return counts;
    const rows = await db.selectFrom("outbound_emails").select(["notification_id", "status", (eb) => eb.fn.countAll().as("count")]).where("notification_id", "in", ids2).groupBy(["notification_id", "status"]).execute();
    for (const row of rows) {
      if (row.notification_id === null) continue;
      const entry = counts.get(row.notification_id) ?? { queued: 0, sent: 0, failed: 0 };
      entry[row.status] = Number(row.count);
      counts.set(row.notification_id, entry);
    }
    return counts;
  },
  /** The next opted-in, confirmed developers after `afterId`, in id order. */
  criticalRecipients(db, afterId, limit) {
    return db.selectFrom("users").select(["id", "email"]).where("critical_emails", "=", true).where("confirmed_at", "is not", null).where("id", ">", afterId).orderBy("id").limit(limit).execute();
  },
  async advanceFanout(db, id2, cursor) {
    await db.updateTable("notifications").set({ fanout_cursor: cursor }).where("id", "=", id2).execute();
  },
  async completeFanout(db, id2, now) {
    await db.updateTable("notifications").set({ fanout_completed_at: now }).where("id", "=", id2).execute();
  }
};

// apps/server/src/modules/notifications/service.ts
var FANOUT_QUEUE = "notifications.fanout";
var NotificationService = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  listForUser(user, page, now = /* @__PURE__ */ new Date()) {
    return notificationRepository.listVisible(this.deps.db, user.id, utcDate(now), page);
  }
  async readForUser(user, id2, now = /* @__PURE__ */ new Date()) {
    const found = await notificationRepository.findWithRead(this.deps.db, user.id, id2);
    if (!found || !notificationPolicy.canRead(user, found, utcDate(now)))
      throw errors.notFound("Notification");
    return found;
  }
  /** Marks read for this user only; a notification the user cannot see is 404. */
  async markRead(user, id2, now = /* @__PURE__ */ new Date()) {
    const found = await this.readForUser(user, id2, now);
    if (found.read_at) return found;
    await notificationRepository.markRead(this.deps.db, user.id, id2, now);
    return { ...found, read_at: now };
  }
  /** Every notification, newest first unless `sort` says otherwise, with the e-mail progress of each critical one. */
  async list(query) {
    const sort = query.sort.length > 0 ? query.sort : ADMIN_NOTIFICATION_DEFAULT_SORT;
    const { rows, total } = await notificationRepository.list(this.deps.db, { ...query, sort });
    const delivery = await notificationRepository.deliveryCounts(
      this.deps.db,
      rows.filter((row) => row.critical).map((row) => row.id)
    );
    return { rows, total, delivery };
  }
  async deliveryOf(id2) {
    return (await notificationRepository.deliveryCounts(this.deps.db, [id2])).get(id2);
  }
  async find(id2) {
    const row = await notificationRepository.find(this.deps.db, id2);
    if (!row) throw errors.notFound("Notification");
    return { row, delivery: row.critical ? await this.deliveryOf(id2) : void 0 };
  }
  /** Creates; a critical notification is stored going out at once and its e-mails are queued with it. */
  async create(admin, input, actor, now = /* @__PURE__ */ new Date()) {
    const fields = normaliseCritical(input);
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await notificationRepository.insert(trx, fields, admin.id, now);
      await recordAudit(trx, actor, {
        action: "notification.created",
        subjectType: "notification",
        subjectId: row.id,
        changes: { after: auditedFields2(row) }
      });
      if (row.critical) {
        await this.deps.queue.send(trx, FANOUT_QUEUE, { notificationId: row.id });
      }
      return row;
    });
  }
  /** Updates; `critical` never changes after creation (spec 1 §4), and a critical one stays going out. */
  async update(id2, changes, actor, now = /* @__PURE__ */ new Date()) {
    return this.deps.db.transaction().execute(async (trx) => {
      const current = await notificationRepository.find(trx, id2);
      if (!current) throw errors.notFound("Notification");
      const { critical: _ignored, ...rest } = changes;
      const merged = normaliseCritical({
        title: rest.title ?? current.title,
        summary: rest.summary ?? current.summary,
        body: rest.body ?? current.body,
        critical: current.critical,
        draft: rest.draft ?? current.draft,
        show_after: rest.show_after === void 0 ? current.show_after : rest.show_after ?? null
      });
      const updated = await notificationRepository.update(trx, id2, merged, now);
      if (!updated) throw errors.notFound("Notification");
      await recordAudit(trx, actor, {
        action: "notification.updated",
        subjectType: "notification",
        subjectId: id2,
        changes: changedFields2(auditedFields2(current), auditedFields2(updated))
      });
      return updated;
    });
  }
  async delete(id2, actor) {
    await this.deps.db.transaction().execute(async (trx) => {
      const current = await notificationRepository.find(trx, id2);
      if (!current || !await notificationRepository.delete(trx, id2)) throw errors.notFound("Notification");
      await recordAudit(trx, actor, {
        action: "notification.deleted",
        subjectType: "notification",
        subjectId: id2,
        changes: { before: auditedFields2(current) }
      });
    });
  }
  /**
   * The fan-out job: e-mails every confirmed developer who keeps critical e-mails on, a batch per
   * transaction. The cursor moves in the same transaction as the batch, and each message has the key
   * (notification, user), so a retry or a restart continues where it stopped and never sends twice.
   */
  async fanOut(job) {
    const { db, config, mailer } = this.deps;
    const batchSize = this.deps.fanoutBatchSize ?? 1e3;
    const notification = await notificationRepository.find(db, job.notificationId);
    if (!notification?.critical || notification.fanout_completed_at) return;
    const { markdownToSafeHtml, markdownToText } = await import("./markdown-ZKQIVTON.mjs");
    const data = {
      title: notification.title,
      summaryText: markdownToText(notification.summary),
      summaryHtml: markdownToSafeHtml(notification.summary),
      url: `${config.publicUrl}/notifications/${notification.id}`,
      settingsUrl: `${config.publicUrl}/account`
    };
    let cursor = notification.fanout_cursor;
    for (; ; ) {
      const recipients = await notificationRepository.criticalRecipients(db, cursor, batchSize);
      if (recipients.length === 0) break;
      const last = recipients.at(-1)?.id ?? cursor;
      await db.transaction().execute(async (trx) => {
        await mailer.enqueueMany(
          trx,
          recipients.map((user) => ({
            to: user.email,
            template: "announcement",
            data,
            idempotencyKey: `notification:${notification.id}:user:${user.id}`,
            notificationId: notification.id
          }))
        );
        await notificationRepository.advanceFanout(trx, notification.id, last);
      });
      cursor = last;
    }
    await notificationRepository.completeFanout(db, notification.id, /* @__PURE__ */ new Date());
  }
};
function auditedFields2(row) {
  return {
    title: row.title,
    summary: row.summary,
    body_length: row.body?.length ?? 0,
    critical: row.critical,
    draft: row.draft,
    show_after: row.show_after
  };
}

// apps/server/src/modules/notifications/jobs.ts
function notificationJobs(service) {
  return [{ name: FANOUT_QUEUE, retryLimit: 10, retryDelaySeconds: 5, handle: (job) => service.fanOut(job) }];
}

// apps/server/src/modules/outbound-emails/repository.ts
var sortColumns = {
  created_at: "created_at",
  to: "to_address",
  subject: "subject",
  status: "status",
  sent_at: "sent_at"
};
var outboundEmailRepository = {
  find(db, id2) {
    return db.selectFrom("outbound_emails").selectAll().where("id", "=", id2).executeTakeFirst();
  },
  async list(db, options) {
    let query = db.selectFrom("outbound_emails");
    if (options.search) {
      const pattern = likePattern(options.search);
      query = query.where(
        (eb) => eb.or([eb("to_address", "ilike", pattern), eb("subject", "ilike", pattern)])
      );
    }
    if (options.status) query = query.where("status", "=", options.status);
    const { total } = await query.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
    let rows = query.selectAll();
    for (const term of options.sort) rows = rows.orderBy(sortColumns[term.key], term.direction);
    rows = rows.orderBy("id", options.sort[0]?.direction ?? "desc");
    return {
      rows: await rows.limit(options.per_page).offset(pageOffset(options)).execute(),
      total: Number(total)
    };
  }
};

// apps/server/src/modules/outbound-emails/service.ts
var OutboundEmailService = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  /** A page of messages, newest first unless sorted otherwise; the search matches literally. */
  list(query) {
    return outboundEmailRepository.list(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      sort: sortTerms(query.sort.length > 0 ? query.sort : ["-created_at"]),
      search: query.filters?.search?.trim() || void 0,
      status: query.filters?.status
    });
  }
  async get(id2) {
    const row = await outboundEmailRepository.find(this.deps.db, id2);
    if (!row) throw errors.notFound("E-mail");
    return row;
  }
};

// apps/server/src/modules/rate-limits/service.ts
function templatesOf(input) {
  return input.map((template) => ({
    name: template.name,
    fillType: template.fill_type,
    intervalMs: template.interval_ms,
    limit: template.limit
  }));
}
var nameTaken = () => errors.field("data.name", "taken", "is already the name of a bucket on this server");
var RateLimitService = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  servers() {
    return this.deps.platform.quotaMinderServers();
  }
  list(server) {
    this.knownServer(server);
    return this.deps.platform.listBuckets(server);
  }
  create(server, input, actor) {
    this.knownServer(server);
    return this.deps.db.transaction().execute(async (trx) => {
      const bucket = await this.deps.platform.createBucket(
        server,
        {
          name: input.name,
          clientId: input.client_id,
          domain: input.domain,
          templates: templatesOf(input.bucket_templates)
        },
        trx
      );
      if (bucket === "name_taken") throw nameTaken();
      await recordAudit(trx, actor, {
        action: "rate_limit_bucket.created",
        subjectType: "rate_limit_bucket",
        subjectId: bucket.id,
        changes: { before: {}, after: auditedBucket(bucket) }
      });
      return bucket;
    });
  }
  update(server, input, actor) {
    this.knownServer(server);
    const changes = {
      ...input.name !== void 0 ? { name: input.name } : {},
      ...input.client_id !== void 0 ? { clientId: input.client_id } : {},
      ...input.domain !== void 0 ? { domain: input.domain } : {},
      ...input.bucket_templates !== void 0 ? { templates: templatesOf(input.bucket_templates) } : {}
    };
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await this.deps.platform.findBucket(server, input.id, trx);
      if (!before) throw errors.notFound("Bucket");
      const after = await this.deps.platform.updateBucket(server, input.id, changes, trx);
      if (after === void 0) throw errors.notFound("Bucket");
      if (after === "name_taken") throw nameTaken();
      const changed = changedFields2(auditedBucket(before), auditedBucket(after));
      if (Object.keys(changed.after ?? {}).length > 0) {
        await recordAudit(trx, actor, {
          action: "rate_limit_bucket.updated",
          subjectType: "rate_limit_bucket",
          subjectId: after.id,
          changes: changed
        });
      }
      return after;
    });
  }
  delete(server, id2, actor) {
    this.knownServer(server);
    return this.deps.db.transaction().execute(async (trx) => {
      const bucket = await this.deps.platform.findBucket(server, id2, trx);
      if (!bucket || !await this.deps.platform.deleteBucket(server, id2, trx)) {
        throw errors.notFound("Bucket");
      }
      await recordAudit(trx, actor, {
        action: "rate_limit_bucket.deleted",
        subjectType: "rate_limit_bucket",
        subjectId: id2,
        changes: { before: auditedBucket(bucket), after: {} }
      });
    });
  }
  /** A server this portal does not offer is a record that is not there: 404. */
  knownServer(server) {
    if (!this.deps.platform.quotaMinderServers().includes(server)) {
      throw errors.notFound("Quota-minder server");
    }
  }
};

// apps/server/src/modules/sandboxes/service.ts
var SandboxService = class {
  constructor(deps) {
    this.deps = deps;
  }
  deps;
  /** The app a sandbox belongs to (the app scope then decides whether the actor may see it). */
  async appOf(sandboxId) {
    const sandbox = await this.deps.platform.findSandbox(sandboxId);
    if (!sandbox) throw errors.notFound("Sandbox");
    return sandbox.appId;
  }
  /** Sandbox redirect URIs; the sandbox must be live (its OAuth application exists then). */
  async updateRedirectUris(context, sandboxId, redirectUri) {
    const oauth = await this.liveOAuth(context, sandboxId);
    const normalised = checkRedirectUris(redirectUri, "sandbox.redirect_uri");
    await this.deps.platform.updateOAuthApplication(oauth.uid, { redirectUri: normalised });
    const fresh = await this.deps.platform.findSandbox(sandboxId);
    if (!fresh) throw errors.notFound("Sandbox");
    return fresh;
  }
  /** A new sandbox secret; the audit event is written first and stands or falls with the reset. */
  async resetSecret(context, sandboxId, actor) {
    const oauth = await this.liveOAuth(context, sandboxId);
    return this.deps.db.transaction().execute(async (trx) => {
      await recordAudit(trx, actor, {
        action: "oauth_application.secret_reset",
        subjectType: "oauth_application",
        subjectId: oauth.uid,
        developerAppId: context.app.id,
        changes: { after: { environment: oauth.environment } }
      });
      return this.deps.platform.resetSecret(oauth.uid, trx);
    });
  }
  async generateFake(context) {
    const current = await this.deps.platform.sandboxOf(context.app.id);
    if (current?.status === "live") throw errors.conflict("This app already has a live sandbox.");
    const { secret } = await this.deps.platform.generateFakeSandbox(
      context.app.id,
      context.app.internal_name
    );
    return secret;
  }
  /** Tells the owner by e-mail that the sandbox is live, or that building it failed (spec 2 §2). */
  async sandboxFinished(event) {
    const { db, mailer, config } = this.deps;
    await db.transaction().execute(async (trx) => {
      const app = await developerAppRepository.find(trx, event.appId);
      if (!app || app.deleted_at) return;
      const owner = await developerAppRepository.owner(trx, app);
      await mailer.enqueue(trx, {
        to: owner.email,
        template: event.status === "live" ? "sandboxReady" : "sandboxFailed",
        data: { name: owner.name, appName: app.name, url: `${config.publicUrl}/developer_apps/${app.id}` },
        idempotencyKey: `sandbox:${event.sandboxId}:${event.status}`
      });
    });
  }
  async liveOAuth(context, sandboxId) {
    const sandbox = await this.deps.platform.findSandbox(sandboxId);
    if (!sandbox || sandbox.appId !== context.app.id) throw errors.notFound("Sandbox");
    if (sandbox.status !== "live" || !sandbox.oauth) throw errors.conflict("The sandbox is not live yet.");
    return sandbox.oauth;
  }
};

// apps/server/src/services.ts
function createServices(deps) {
  const developerApps = new DeveloperAppService(deps);
  const listings = new ListingService(deps);
  const services = {
    auth: new AuthService(deps),
    notifications: new NotificationService(deps),
    outboundEmails: new OutboundEmailService(deps),
    developerApps,
    sandboxes: new SandboxService(deps),
    credentials: new CredentialService(deps),
    collaborators: new CollaboratorService(deps),
    manifests: new ManifestService(deps),
    changelog: new ChangelogService(deps),
    rateLimits: new RateLimitService(deps),
    audit: new AuditService(deps),
    adminApps: new AdminAppService(deps, developerApps),
    adminLists: new AdminListService(deps),
    listings,
    marketplace: new MarketplaceService(deps, listings),
    metrics: new MetricsService(deps),
    analytics: new AnalyticsService(deps)
  };
  deps.platform.onSandboxFinished((event) => services.sandboxes.sandboxFinished(event));
  return services;
}
function jobsOf(deps, services) {
  return [
    ...mailJobs(deps.mailer, deps.db, deps.config),
    ...notificationJobs(services.notifications),
    ...deps.platform.jobs()
  ];
}

// apps/server/src/storage/local.ts
import { randomUUID as randomUUID4 } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs3 from "node:fs/promises";
import path5 from "node:path";
import { Readable as Readable3 } from "node:stream";
import { pipeline } from "node:stream/promises";
var TEMPORARY_DIR = ".tmp";
var META_DIR = ".meta";
var LocalStorage = class {
  constructor(root) {
    this.root = root;
  }
  root;
  pathOf(key) {
    return path5.join(this.root, checkKey(key));
  }
  metaPathOf(key) {
    return path5.join(this.root, META_DIR, `${checkKey(key)}.json`);
  }
  async put(key, body, options = {}) {
    const target = this.pathOf(key);
    const metaPath = this.metaPathOf(key);
    const temporaryDir = path5.join(this.root, TEMPORARY_DIR);
    await Promise.all(
      [path5.dirname(target), path5.dirname(metaPath), temporaryDir].map(
        (dir) => fs3.mkdir(dir, { recursive: true })
      )
    );
    const temporary = path5.join(temporaryDir, randomUUID4());
    const temporaryMeta = `${temporary}.json`;
    let size = 0;
    try {
      const source = Buffer.isBuffer(body) ? Readable3.from([body]) : body;
      await pipeline(
        source,
        (chunks) => countingBytes(chunks, (bytes) => size += bytes),
        createWriteStream(temporary, { flags: "wx" })
      );
      if (options.contentType) {
        const meta = { contentType: options.contentType };
        await fs3.writeFile(temporaryMeta, JSON.stringify(meta), { flag: "wx" });
        await fs3.rename(temporaryMeta, metaPath);
      } else {
        await fs3.rm(metaPath, { force: true });
      }
      await fs3.rename(temporary, target);
    } catch (error) {
      await Promise.all([fs3.rm(temporary, { force: true }), fs3.rm(temporaryMeta, { force: true })]);
      throw error;
    }
    return { size };
  }
  async get(key) {
    const file = this.pathOf(key);
    let handle;
    try {
      handle = await fs3.open(file, "r");
    } catch (error) {
      if (isMissing(error)) return void 0;
      throw error;
    }
    try {
      const [stats, meta] = await Promise.all([handle.stat(), this.readMeta(key)]);
      if (!stats.isFile()) {
        await handle.close();
        return void 0;
      }
      return { stream: handle.createReadStream(), size: stats.size, ...meta };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  async head(key) {
    try {
      const stats = await fs3.stat(this.pathOf(key));
      if (!stats.isFile()) return void 0;
      return { size: stats.size, ...await this.readMeta(key) };
    } catch (error) {
      if (isMissing(error)) return void 0;
      throw error;
    }
  }
  async delete(key) {
    const file = this.pathOf(key);
    const stats = await fs3.stat(file).catch((error) => {
      if (isMissing(error)) return void 0;
      throw error;
    });
    if (stats?.isFile()) await fs3.rm(file, { force: true });
    await fs3.rm(this.metaPathOf(key), { force: true });
  }
  close() {
  }
  async readMeta(key) {
    try {
      const meta = JSON.parse(await fs3.readFile(this.metaPathOf(key), "utf8"));
      return typeof meta.contentType === "string" ? { contentType: meta.contentType } : {};
    } catch (error) {
      if (isMissing(error)) return {};
      throw error;
    }
  }
};
function isMissing(error) {
  const code = error.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

// apps/server/src/storage/index.ts
async function createStorage(config) {
  const { storage } = config;
  switch (storage.kind) {
    case "local":
      return new LocalStorage(storage.directory);
    case "s3": {
      const { S3Storage } = await import("./s3-2UUPN6VD.mjs");
      return new S3Storage({ bucket: storage.bucket, region: storage.region, endpoint: storage.endpoint });
    }
  }
}

// apps/server/src/runtime.ts
async function startRuntime(config, options = {}) {
  const database = options.database ?? await openDatabase(config);
  await migrate(database.db);
  const queue = new JobQueue(database, { pollingIntervalSeconds: config.env === "test" ? 0.5 : 1 });
  const mailer = new Mailer(config, queue);
  const secretsKey2 = await resolveSecretsKey(config);
  const platform = new EmbeddedPlatform({
    db: database.db,
    schedule: (trx, name, data, startAfter) => queue.send(trx, name, data, { startAfter }),
    config,
    secrets: new SecretBox(secretsKey2.key)
  });
  const storage = await createStorage(config);
  const deps = { config, db: database.db, mailer, queue, platform, storage };
  const services = createServices(deps);
  const jobs = jobsOf(deps, services);
  await startQueues(queue, jobs);
  if (options.workers ?? true) await startWorkers(queue, jobs);
  const app = await buildApp({ config, db: database.db, services, storage, logger: options.logger });
  queue.onError = (error) => app.log.error({ err: loggableError(error) }, "job queue error");
  if (secretsKey2.generated) {
    app.log.warn(
      `No SECRETS_KEY: generated one into ${secretsKey2.generated}. Keep that file with the database (it opens the sealed secrets), or set SECRETS_KEY on every server.`
    );
  }
  let closing;
  return {
    config,
    database,
    queue,
    mailer,
    services,
    platform,
    storage,
    app,
    close() {
      closing ??= (async () => {
        await app.close();
        await queue.stop();
        await mailer.close();
        storage.close();
        await database.close();
      })();
      return closing;
    }
  };
}

// apps/server/src/platform/demo-history.ts
var DAY_MS2 = 864e5;
var COMPANIES = [
  "Harbor Point Builders",
  "Summit Ridge Construction",
  "Blue Oak Contractors",
  "Northwind Civil",
  "Granite & Steel Co",
  "Riverbend Homes",
  "Keystone Mechanical",
  "Cedar Line Electric",
  "Metro Concrete Partners",
  "Lakeside Renovations",
  "Ironclad Roofing",
  "Prairie Build Group"
];
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
async function seedMarketplaceHistory(db, appId2, days, now = /* @__PURE__ */ new Date()) {
  const next = random(appId2 * 7919 + days);
  const views2 = [];
  const installations = [];
  const viewCounts = /* @__PURE__ */ new Map();
  const installCounts = /* @__PURE__ */ new Map();
  for (let back = days - 1; back >= 0; back--) {
    const start = now.getTime() - back * DAY_MS2;
    const day = utcDay(new Date(start));
    const growth = (days - back) / days;
    const viewsToday = Math.round(4 + growth * 20 + next() * 10);
    for (let v = 0; v < viewsToday; v++) {
      views2.push({
        developer_app_id: appId2,
        visitor_key: `demo:${day}:${v}`,
        day,
        viewed_at: new Date(start)
      });
    }
    viewCounts.set(day, viewsToday);
    const installsToday = next() < 0.35 + growth * 0.3 ? 1 + Math.floor(next() * 2) : 0;
    for (let i = 0; i < installsToday; i++) {
      const company = COMPANIES[Math.floor(next() * COMPANIES.length)] ?? "Demo Company";
      const at = new Date(start - Math.floor(next() * 36e5));
      const uninstalled = next() < 0.1;
      installations.push({
        developer_app_id: appId2,
        company_name: company,
        company_is_demo: next() < 0.15,
        user_email_address: `${company.split(" ")[0]?.toLowerCase() ?? "it"}.admin@example.com`,
        status: uninstalled ? "uninstalled" : "installed",
        installed_at: at,
        updated_at: uninstalled ? new Date(at.getTime() + DAY_MS2) : at
      });
      installCounts.set(utcDay(at), (installCounts.get(utcDay(at)) ?? 0) + 1);
    }
  }
  for (let i = 0; i < views2.length; i += 1e3) {
    await db.insertInto("platform_marketplace_views").values(views2.slice(i, i + 1e3)).execute();
  }
  if (installations.length > 0) await db.insertInto("platform_installations").values(installations).execute();
  const rows = (counts) => [...counts].map(([day, count]) => ({ developer_app_id: appId2, day, count }));
  if (viewCounts.size > 0) await db.insertInto("platform_daily_views").values(rows(viewCounts)).execute();
  if (installCounts.size > 0) {
    await db.insertInto("platform_daily_installations").values(rows(installCounts)).execute();
  }
}

// apps/server/src/seed-marketplace.ts
var DEMO_HISTORY_DAYS = 120;
async function seedDemoListing(db, ownerId, now = /* @__PURE__ */ new Date()) {
  const publishedAt = new Date(now.getTime() - DEMO_HISTORY_DAYS * 864e5);
  const app = await developerAppRepository.insert(
    db,
    { internalName: "Site Diary Sync", ownerId },
    publishedAt
  );
  await db.updateTable("developer_apps").set({ marketplace_enabled: true, published_at: publishedAt }).where("id", "=", app.id).execute();
  const pick2 = async (table, count) => (await db.selectFrom(table).select("id").orderBy("id").limit(count).execute()).map((row) => row.id);
  const [categoryIds, regionIds, toolIds] = await Promise.all([
    pick2("listing_categories", 2),
    pick2("listing_regions", 1),
    pick2("product_tools", 3)
  ]);
  const countryIds = regionIds.length ? (await db.selectFrom("listing_countries").select("id").where("region_id", "in", regionIds).orderBy("id").limit(3).execute()).map((row) => row.id) : [];
  await db.insertInto("marketplace_submissions").values({
    developer_app_id: app.id,
    state: "published",
    approval_state: "approved",
    public_name: "Site Diary Sync",
    tagline: "Daily site diaries, photos and weather, synced to your projects automatically.",
    built_by: "Acme Integrations",
    sold_by: "Acme Integrations",
    description: "Site Diary Sync turns the notes, photos and weather your crews capture every day into structured daily logs on the right project, without double entry.",
    about: "Acme Integrations builds field tools for general contractors. Site Diary Sync is used by crews on more than 400 active job sites.",
    how_it_works: "1. Install the app for your company.\n2. Map your projects once.\n3. Crews keep writing their diaries as usual: every entry arrives in the daily log within minutes.",
    category_ids: JSON.stringify(categoryIds),
    region_ids: JSON.stringify(regionIds),
    country_ids: JSON.stringify(countryIds),
    product_tool_ids: JSON.stringify(toolIds),
    feature_bullets: JSON.stringify([
      "Two-way sync of daily logs",
      "Photos filed by date and location",
      "Weather recorded automatically"
    ]),
    requirements: JSON.stringify(["A company administrator account", "Daily Log tool enabled"]),
    helpful_links: JSON.stringify([
      { label: "Setup guide", url: "https://example.com/site-diary-sync/setup" }
    ]),
    website_link: JSON.stringify({
      label: "Acme Integrations",
      url: "https://example.com/site-diary-sync"
    }),
    support_email: "support@example.com",
    contact_us_email: "sales@example.com",
    subscription_required: true,
    connector_required: false,
    has_trials: true,
    pricing_url: "https://example.com/site-diary-sync/pricing",
    pricing_description: "From $49 per project per month; 30-day free trial.",
    installable: true,
    submitted_at: publishedAt,
    reviewed_at: publishedAt,
    published_at: publishedAt,
    created_at: publishedAt,
    updated_at: publishedAt
  }).execute();
  await seedMarketplaceHistory(db, app.id, DEMO_HISTORY_DAYS, now);
  return app.id;
}

// apps/server/src/seed.ts
var DEMO_ACCOUNTS = [
  {
    email: "admin@example.com",
    name: "Ada Admin",
    company_name: "Lintel",
    is_admin: true,
    is_employee: true
  },
  {
    email: "dev@example.com",
    name: "Dev Developer",
    company_name: "Acme Integrations",
    is_admin: false,
    is_employee: false
  }
];
async function seedDemo(db, config) {
  const existing = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(config.demoPassword, config.scryptLogN);
  for (const account of DEMO_ACCOUNTS) {
    const user = await authRepository.insertUser(db, {
      ...account,
      password_hash: passwordHash,
      confirmed_at: /* @__PURE__ */ new Date()
    });
    if (user && !account.is_admin) await seedDemoListing(db, user.id);
  }
  return true;
}

// apps/server/src/main.ts
async function main() {
  const config = loadConfig();
  const runtime = await startRuntime(config, { logger: loggerOptions(config.logLevel) });
  const { app } = runtime;
  if (config.seedDemo && await seedDemo(runtime.database.db, config)) {
    app.log.info("Seeded the demo accounts on an empty database.");
  }
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing requests and jobs");
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 3e4);
    timer.unref();
    try {
      await runtime.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  await app.listen({ port: config.port, host: config.host });
  const where = runtime.database.kind === "pglite" ? `PGlite in ${config.dataDir}/db` : "PostgreSQL";
  const lines2 = [
    "",
    `  Lintel is running at ${config.publicUrl} (database: ${where}; mail: ${config.smtpUrl ? "SMTP" : "kept in outbound_emails, readable at /admin/outbound_emails"})`,
    ...config.seedDemo ? [
      "  Demo accounts:",
      ...DEMO_ACCOUNTS.map(
        (a) => `    ${a.email.padEnd(20)} password: ${config.demoPassword}${a.is_admin ? "  (administrator)" : ""}`
      )
    ] : [],
    ""
  ];
  process.stdout.write(`${lines2.join("\n")}
`);
}
main().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}
`);
  } else {
    process.stderr.write(
      `Lintel could not start: ${error instanceof Error ? error.stack ?? error.message : String(error)}
`
    );
  }
  process.exit(1);
});
