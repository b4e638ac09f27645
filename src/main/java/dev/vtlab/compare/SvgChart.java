package dev.vtlab.compare;

import java.util.List;
import java.util.Locale;

/**
 * Inline SVG line and bar charts for the report. Written here rather than taken from a chart library
 * because the report is a static file that must open offline with no script: the charts are drawn
 * once, at report time, from numbers already in summary.json.
 */
final class SvgChart {

    record Series(String name, String color, boolean dashed, double[] x, double[] y) {
    }

    /** Bars of one series across the groups; {@code low}/{@code high} (may be null) draw its interval as a whisker. */
    record Bars(String name, String color, double[] values, double[] low, double[] high) {
    }

    /** One ratio with its interval, drawn as a point and whisker against the line at 1. */
    record RatioPoint(String row, String series, String color, double estimate, double low, double high) {
    }

    private static final int W = 460, H = 260, LEFT = 62, RIGHT = 12, TOP = 30, BOTTOM = 52;

    private SvgChart() {
    }

    static String line(String id, String title, String xLabel, String yLabel, List<Series> series) {
        double maxX = 1, maxY = 1;
        for (Series s : series) {
            for (double v : s.x()) {
                maxX = Math.max(maxX, v);
            }
            for (double v : s.y()) {
                maxY = Math.max(maxY, v);
            }
        }
        maxY = niceCeiling(maxY);
        StringBuilder svg = open(id, title, yLabel, maxY);
        axisX(svg, xLabel, maxX);
        for (Series s : series) {
            if (s.x().length == 0) {
                continue;
            }
            svg.append("<polyline data-series=\"").append(escape(s.name())).append("\" data-points=\"").append(s.x().length)
                    .append("\" fill=\"none\" stroke=\"").append(s.color()).append("\" stroke-width=\"1.4\" stroke-opacity=\"0.8\"")
                    .append(s.dashed() ? " stroke-dasharray=\"5 3\"" : "").append(" points=\"");
            for (int i = 0; i < s.x().length; i++) {
                svg.append(fmt(px(s.x()[i], maxX))).append(',').append(fmt(py(s.y()[i], maxY))).append(' ');
            }
            svg.append("\"/>\n");
        }
        // repetitions share their mode's colour: one legend entry per name before " #"
        java.util.Set<String> named = new java.util.HashSet<>();
        legend(svg, series.stream().map(s -> new String[]{s.name().replaceAll(" #\\d+", ""), s.color(), s.dashed() ? "5 3" : ""})
                .filter(e -> named.add(e[0])).toList());
        return svg.append("</svg>").toString();
    }

    static String bars(String id, String title, String yLabel, List<String> groups, List<Bars> bars) {
        double maxY = 1;
        for (Bars b : bars) {
            for (double v : b.values()) {
                maxY = Math.max(maxY, Double.isNaN(v) ? 0 : v);
            }
            if (b.high() != null) {
                for (double v : b.high()) {
                    maxY = Math.max(maxY, Double.isNaN(v) ? 0 : v);
                }
            }
        }
        maxY = niceCeiling(maxY);
        StringBuilder svg = open(id, title, yLabel, maxY);
        double plotW = W - LEFT - RIGHT;
        double groupW = plotW / Math.max(1, groups.size());
        double barW = groupW * 0.8 / Math.max(1, bars.size());
        for (int g = 0; g < groups.size(); g++) {
            double gx = LEFT + g * groupW + groupW * 0.1;
            for (int b = 0; b < bars.size(); b++) {
                double v = g < bars.get(b).values().length ? bars.get(b).values()[g] : 0;
                double y = py(v, maxY);
                svg.append("<rect data-series=\"").append(escape(bars.get(b).name())).append("\" data-value=\"").append(fmt(v))
                        .append("\" x=\"").append(fmt(gx + b * barW)).append("\" y=\"").append(fmt(y))
                        .append("\" width=\"").append(fmt(barW * 0.92)).append("\" height=\"").append(fmt(H - BOTTOM - y))
                        .append("\" fill=\"").append(bars.get(b).color()).append("\"><title>")
                        .append(escape(bars.get(b).name() + " " + groups.get(g) + ": " + fmt(v))).append("</title></rect>\n");
                Bars bar = bars.get(b);
                if (bar.low() != null && g < bar.low().length && !Double.isNaN(bar.low()[g])) {
                    double cx = gx + b * barW + barW * 0.46;
                    svg.append("<line class=\"ci\" x1=\"").append(fmt(cx)).append("\" x2=\"").append(fmt(cx))
                            .append("\" y1=\"").append(fmt(py(Math.max(0, bar.low()[g]), maxY))).append("\" y2=\"").append(fmt(py(bar.high()[g], maxY)))
                            .append("\" stroke=\"#222\" stroke-width=\"1.2\"/>\n");
                }
            }
            svg.append("<text x=\"").append(fmt(gx + groupW * 0.4)).append("\" y=\"").append(H - BOTTOM + 14)
                    .append("\" font-size=\"10\" text-anchor=\"middle\">").append(escape(groups.get(g))).append("</text>\n");
        }
        legend(svg, bars.stream().map(b -> new String[]{b.name(), b.color(), ""}).toList());
        return svg.append("</svg>").toString();
    }

    /**
     * Ratios to the baseline, one row per figure: a point at the ratio and a whisker over its interval,
     * against a vertical line at 1 (no difference). Rows with no interval show the point alone.
     */
    static String ratios(String id, String title, List<RatioPoint> points) {
        List<String> rows = points.stream().map(RatioPoint::row).distinct().toList();
        double lo = 1, hi = 1;
        for (RatioPoint p : points) {
            for (double v : new double[]{p.estimate(), p.low(), p.high()}) {
                if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        double min = Math.max(0, lo - 0.05), max = hi + 0.05;
        int rowH = 18, left = 150, top = 30, width = W, height = top + rowH * Math.max(1, rows.size()) + 40;
        StringBuilder svg = new StringBuilder(2048);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"").append(id).append("\" width=\"").append(width)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" font-family=\"sans-serif\">\n<text x=\"").append(width / 2).append("\" y=\"16\" font-size=\"13\" text-anchor=\"middle\" font-weight=\"bold\">")
                .append(escape(title)).append("</text>\n");
        double plotW = width - left - RIGHT;
        java.util.function.DoubleUnaryOperator x = v -> left + (v - min) / (max - min) * plotW;
        for (double tick : new double[]{min, (min + 1) / 2, 1, (max + 1) / 2, max}) {
            svg.append("<text x=\"").append(fmt(x.applyAsDouble(tick))).append("\" y=\"").append(height - 22)
                    .append("\" font-size=\"10\" text-anchor=\"middle\">").append(String.format(Locale.ROOT, "%.2f", tick)).append("</text>\n");
        }
        svg.append("<line x1=\"").append(fmt(x.applyAsDouble(1))).append("\" x2=\"").append(fmt(x.applyAsDouble(1)))
                .append("\" y1=\"").append(top - 4).append("\" y2=\"").append(height - 34).append("\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n")
                .append("<text x=\"").append(left + plotW / 2).append("\" y=\"").append(height - 8)
                .append("\" font-size=\"10\" text-anchor=\"middle\">ratio to the baseline (1 = no difference)</text>\n");
        List<String> series = points.stream().map(RatioPoint::series).distinct().toList();
        for (RatioPoint p : points) {
            int row = rows.indexOf(p.row());
            double y = top + row * rowH + rowH / 2.0 + (series.indexOf(p.series()) - (series.size() - 1) / 2.0) * 4;
            if (series.indexOf(p.series()) == 0) {
                svg.append("<text x=\"").append(left - 6).append("\" y=\"").append(fmt(y + 3)).append("\" font-size=\"10\" text-anchor=\"end\">")
                        .append(escape(p.row())).append("</text>\n");
            }
            if (!Double.isNaN(p.low())) {
                svg.append("<line class=\"ci\" x1=\"").append(fmt(x.applyAsDouble(p.low()))).append("\" x2=\"").append(fmt(x.applyAsDouble(p.high())))
                        .append("\" y1=\"").append(fmt(y)).append("\" y2=\"").append(fmt(y)).append("\" stroke=\"").append(p.color())
                        .append("\" stroke-width=\"2\"/>\n");
            }
            if (!Double.isNaN(p.estimate())) {
                svg.append("<circle data-series=\"").append(escape(p.series())).append("\" data-value=\"").append(String.format(Locale.ROOT, "%.3f", p.estimate()))
                        .append("\" cx=\"").append(fmt(x.applyAsDouble(p.estimate()))).append("\" cy=\"").append(fmt(y))
                        .append("\" r=\"3.5\" fill=\"").append(p.color()).append("\"><title>")
                        .append(escape(p.series() + " " + p.row() + ": " + String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", p.estimate(), p.low(), p.high())))
                        .append("</title></circle>\n");
            }
        }
        return svg.append("</svg>").toString();
    }

    private static StringBuilder open(String id, String title, String yLabel, double maxY) {
        StringBuilder svg = new StringBuilder(4096);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"").append(id).append("\" width=\"").append(W)
                .append("\" height=\"").append(H).append("\" viewBox=\"0 0 ").append(W).append(' ').append(H)
                .append("\" font-family=\"sans-serif\">\n<text x=\"").append(W / 2).append("\" y=\"16\" font-size=\"13\" text-anchor=\"middle\" font-weight=\"bold\">")
                .append(escape(title)).append("</text>\n");
        for (int i = 0; i <= 4; i++) {
            double v = maxY * i / 4;
            double y = py(v, maxY);
            svg.append("<line x1=\"").append(LEFT).append("\" x2=\"").append(W - RIGHT).append("\" y1=\"").append(fmt(y))
                    .append("\" y2=\"").append(fmt(y)).append("\" stroke=\"#ddd\"/>")
                    .append("<text x=\"").append(LEFT - 4).append("\" y=\"").append(fmt(y + 3))
                    .append("\" font-size=\"10\" text-anchor=\"end\">").append(label(v)).append("</text>\n");
        }
        svg.append("<text transform=\"translate(12,").append(TOP + (H - TOP - BOTTOM) / 2).append(") rotate(-90)\" font-size=\"10\" text-anchor=\"middle\">")
                .append(escape(yLabel)).append("</text>\n");
        return svg;
    }

    private static void axisX(StringBuilder svg, String xLabel, double maxX) {
        for (int i = 0; i <= 4; i++) {
            double v = maxX * i / 4;
            svg.append("<text x=\"").append(fmt(px(v, maxX))).append("\" y=\"").append(H - BOTTOM + 14)
                    .append("\" font-size=\"10\" text-anchor=\"middle\">").append(label(v)).append("</text>\n");
        }
        svg.append("<text x=\"").append(LEFT + (W - LEFT - RIGHT) / 2).append("\" y=\"").append(H - BOTTOM + 28)
                .append("\" font-size=\"10\" text-anchor=\"middle\">").append(escape(xLabel)).append("</text>\n");
    }

    private static void legend(StringBuilder svg, List<String[]> entries) {
        int x = LEFT;
        for (String[] e : entries) {
            svg.append("<line x1=\"").append(x).append("\" x2=\"").append(x + 16).append("\" y1=\"").append(H - 8)
                    .append("\" y2=\"").append(H - 8).append("\" stroke=\"").append(e[1]).append("\" stroke-width=\"3\"")
                    .append(e[2].isEmpty() ? "" : " stroke-dasharray=\"" + e[2] + "\"").append("/>")
                    .append("<text x=\"").append(x + 20).append("\" y=\"").append(H - 4).append("\" font-size=\"10\">")
                    .append(escape(e[0])).append("</text>\n");
            x += 28 + 6 * e[0].length();
        }
    }

    private static double px(double x, double maxX) {
        return LEFT + x / maxX * (W - LEFT - RIGHT);
    }

    private static double py(double y, double maxY) {
        return H - BOTTOM - y / maxY * (H - TOP - BOTTOM);
    }

    static double niceCeiling(double v) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(v)));
        for (double step : new double[]{1, 2, 2.5, 5, 10}) {
            if (step * magnitude >= v) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static String label(double v) {
        if (v >= 1e9) {
            return fmt(v / 1e9) + "G";
        }
        if (v >= 1e6) {
            return fmt(v / 1e6) + "M";
        }
        if (v >= 1e4) {
            return fmt(v / 1e3) + "k";
        }
        return fmt(v);
    }

    static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
