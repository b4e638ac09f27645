package dev.vtlab.measurement;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;

/**
 * SVG line, bar and ratio charts: the comparison's report (inline, one offline HTML file) and the
 * scheduler probe's probe.svg (bench/) both draw with these. Written here rather than taken from a
 * chart library: the charts are a few polylines, rectangles and whiskers drawn once from numbers
 * already computed, the report must open offline with no script, and the Java chart libraries
 * (JFreeChart with JFreeSVG) draw through AWT and need the machine's fonts for their text metrics.
 */
public final class SvgChart {

    public record Series(String name, String color, boolean dashed, double[] x, double[] y) {}

    /** Bars of one series across the groups; {@code low}/{@code high} (may be null) draw its interval as a whisker. */
    public record Bars(String name, String color, double[] values, double[] low, double[] high) {}

    /** One ratio with its interval, drawn as a point and whisker against the line at 1. */
    public record RatioPoint(String row, String series, String color, double estimate, double low, double high) {}

    /** A horizontal band of reference values (e.g. a published range), labelled at its top right. */
    public record Band(String label, double low, double high, String color) {}

    /**
     * How a line chart draws its axes: a log-scale x axis with the given ticks (else linear from 0 with
     * five ticks), a fixed top of the y axis (NaN: a round number above the data), reference bands, and a
     * dot at every point (for sparse sweeps rather than time series).
     */
    public record Axes(boolean logX, double[] xTicks, double maxY, List<Band> bands, boolean dots) {
        public static final Axes LINEAR = new Axes(false, null, Double.NaN, List.of(), false);

        public static Axes logX(double[] ticks, double maxY, List<Band> bands) {
            return new Axes(true, ticks, maxY, bands, true);
        }
    }

    private static final int W = 460, H = 260, LEFT = 62, RIGHT = 12, TOP = 30, BOTTOM = 52;

    private SvgChart() {}

    public static String line(String id, String title, String xLabel, String yLabel, List<Series> series) {
        return line(id, title, xLabel, yLabel, series, Axes.LINEAR);
    }

    public static String line(String id, String title, String xLabel, String yLabel, List<Series> series, Axes axes) {
        double maxX = 1, maxY = 1;
        for (Series s : series) {
            for (double v : s.x()) {
                maxX = Math.max(maxX, v);
            }
            for (double v : s.y()) {
                maxY = Math.max(maxY, v);
            }
        }
        double top = Double.isNaN(axes.maxY()) ? niceCeiling(maxY) : axes.maxY();
        double[] ticks =
                axes.xTicks() != null ? axes.xTicks() : new double[] {0, maxX / 4, maxX / 2, maxX * 3 / 4, maxX};
        DoubleUnaryOperator px = xScale(axes.logX(), ticks[0], ticks[ticks.length - 1]);
        DoubleUnaryOperator py = y -> py(Math.min(y, top), top);
        StringBuilder svg = open(id, title, yLabel, top);
        for (Band band : axes.bands()) {
            svg.append("<rect x=\"")
                    .append(LEFT)
                    .append("\" y=\"")
                    .append(fmt(py.applyAsDouble(band.high())))
                    .append("\" width=\"")
                    .append(W - LEFT - RIGHT)
                    .append("\" height=\"")
                    .append(fmt(Math.max(1, py.applyAsDouble(band.low()) - py.applyAsDouble(band.high()))))
                    .append("\" fill=\"")
                    .append(band.color())
                    .append("\" fill-opacity=\"0.18\"/>")
                    .append("<text x=\"")
                    .append(W - RIGHT - 4)
                    .append("\" y=\"")
                    .append(fmt(py.applyAsDouble(band.high()) - 3))
                    .append("\" font-size=\"9\" text-anchor=\"end\">")
                    .append(escape(band.label()))
                    .append("</text>\n");
        }
        axisX(svg, xLabel, ticks, px);
        for (Series s : series) {
            if (s.x().length == 0) {
                continue;
            }
            svg.append("<polyline data-series=\"")
                    .append(escape(s.name()))
                    .append("\" data-points=\"")
                    .append(s.x().length)
                    .append("\" fill=\"none\" stroke=\"")
                    .append(s.color())
                    .append("\" stroke-width=\"1.4\" stroke-opacity=\"0.8\"")
                    .append(s.dashed() ? " stroke-dasharray=\"5 3\"" : "")
                    .append(" points=\"");
            for (int i = 0; i < s.x().length; i++) {
                svg.append(fmt(px.applyAsDouble(s.x()[i])))
                        .append(',')
                        .append(fmt(py.applyAsDouble(s.y()[i])))
                        .append(' ');
            }
            svg.append("\"/>\n");
            for (int i = 0; axes.dots() && i < s.x().length; i++) {
                svg.append("<circle cx=\"")
                        .append(fmt(px.applyAsDouble(s.x()[i])))
                        .append("\" cy=\"")
                        .append(fmt(py.applyAsDouble(s.y()[i])))
                        .append("\" r=\"2.5\" fill=\"")
                        .append(s.color())
                        .append("\"><title>")
                        .append(escape(s.name() + ": " + String.format(Locale.ROOT, "%.3g, %.3g", s.x()[i], s.y()[i])))
                        .append("</title></circle>\n");
            }
        }
        // repetitions share their mode's colour: one legend entry per name before " #"
        Set<String> named = new HashSet<>();
        legend(
                svg,
                series.stream()
                        .map(s -> new String[] {s.name().replaceAll(" #\\d+", ""), s.color(), s.dashed() ? "5 3" : ""})
                        .filter(e -> named.add(e[0]))
                        .toList());
        return svg.append("</svg>").toString();
    }

    public static String bars(String id, String title, String yLabel, List<String> groups, List<Bars> bars) {
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
                svg.append("<rect data-series=\"")
                        .append(escape(bars.get(b).name()))
                        .append("\" data-value=\"")
                        .append(fmt(v))
                        .append("\" x=\"")
                        .append(fmt(gx + b * barW))
                        .append("\" y=\"")
                        .append(fmt(y))
                        .append("\" width=\"")
                        .append(fmt(barW * 0.92))
                        .append("\" height=\"")
                        .append(fmt(H - BOTTOM - y))
                        .append("\" fill=\"")
                        .append(bars.get(b).color())
                        .append("\"><title>")
                        .append(escape(bars.get(b).name() + " " + groups.get(g) + ": " + fmt(v)))
                        .append("</title></rect>\n");
                Bars bar = bars.get(b);
                if (bar.low() != null && g < bar.low().length && !Double.isNaN(bar.low()[g])) {
                    double cx = gx + b * barW + barW * 0.46;
                    svg.append("<line class=\"ci\" x1=\"")
                            .append(fmt(cx))
                            .append("\" x2=\"")
                            .append(fmt(cx))
                            .append("\" y1=\"")
                            .append(fmt(py(Math.max(0, bar.low()[g]), maxY)))
                            .append("\" y2=\"")
                            .append(fmt(py(bar.high()[g], maxY)))
                            .append("\" stroke=\"#222\" stroke-width=\"1.2\"/>\n");
                }
            }
            svg.append("<text x=\"")
                    .append(fmt(gx + groupW * 0.4))
                    .append("\" y=\"")
                    .append(H - BOTTOM + 14)
                    .append("\" font-size=\"10\" text-anchor=\"middle\">")
                    .append(escape(groups.get(g)))
                    .append("</text>\n");
        }
        legend(
                svg,
                bars.stream().map(b -> new String[] {b.name(), b.color(), ""}).toList());
        return svg.append("</svg>").toString();
    }

    /**
     * Ratios to the baseline, one row per figure: a point at the ratio and a whisker over its interval,
     * against a vertical line at 1 (no difference). Rows with no interval show the point alone.
     */
    public static String ratios(String id, String title, List<RatioPoint> points) {
        RatioLayout layout = RatioLayout.of(points);
        StringBuilder svg = head(id, title, layout.width(), layout.height());
        ratioAxis(svg, layout);
        for (RatioPoint p : points) {
            ratio(svg, layout, p);
        }
        return svg.append("</svg>").toString();
    }

    /**
     * Where a ratio chart draws: its rows and series in order of first appearance, the ratios' axis from
     * {@code min} to {@code max}, the plot's left edge (after the row labels) and the chart's size.
     */
    private record RatioLayout(
            List<String> rows, List<String> series, double min, double max, int left, int width, int height) {

        static final int ROW_H = 18;

        static RatioLayout of(List<RatioPoint> points) {
            List<String> rows = points.stream().map(RatioPoint::row).distinct().toList();
            double lo = 1, hi = 1;
            for (RatioPoint p : points) {
                for (double v : new double[] {p.estimate(), p.low(), p.high()}) {
                    if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                        lo = Math.min(lo, v);
                        hi = Math.max(hi, v);
                    }
                }
            }
            // room for the longest row label at about 6 px a character, the plot keeping its width
            int longest = rows.stream().mapToInt(String::length).max().orElse(0);
            int left = Math.max(150, 12 + 6 * longest);
            return new RatioLayout(
                    rows,
                    points.stream().map(RatioPoint::series).distinct().toList(),
                    Math.max(0, lo - 0.05),
                    hi + 0.05,
                    left,
                    W + left - 150,
                    TOP + ROW_H * Math.max(1, rows.size()) + 40);
        }

        double plotW() {
            return width - left - RIGHT;
        }

        double x(double v) {
            return left + (v - min) / (max - min) * plotW();
        }

        /** A point's height: its row's middle, the series of a row 4 px apart about it. */
        double y(RatioPoint p) {
            return TOP
                    + rows.indexOf(p.row()) * ROW_H
                    + ROW_H / 2.0
                    + (series.indexOf(p.series()) - (series.size() - 1) / 2.0) * 4;
        }
    }

    /** The ratios' axis: its ticks, the dashed line at 1 and its label. */
    private static void ratioAxis(StringBuilder svg, RatioLayout l) {
        for (double tick : new double[] {l.min(), (l.min() + 1) / 2, 1, (l.max() + 1) / 2, l.max()}) {
            svg.append("<text x=\"")
                    .append(fmt(l.x(tick)))
                    .append("\" y=\"")
                    .append(l.height() - 22)
                    .append("\" font-size=\"10\" text-anchor=\"middle\">")
                    .append(String.format(Locale.ROOT, "%.2f", tick))
                    .append("</text>\n");
        }
        svg.append("<line x1=\"")
                .append(fmt(l.x(1)))
                .append("\" x2=\"")
                .append(fmt(l.x(1)))
                .append("\" y1=\"")
                .append(TOP - 4)
                .append("\" y2=\"")
                .append(l.height() - 34)
                .append("\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n")
                .append("<text x=\"")
                .append(l.left() + l.plotW() / 2)
                .append("\" y=\"")
                .append(l.height() - 8)
                .append(
                        "\" font-size=\"10\" text-anchor=\"middle\">ratio to the baseline (1 = no difference)</text>\n");
    }

    /** One ratio: its row's label (beside the row's first series), its whisker if it has an interval, its point. */
    private static void ratio(StringBuilder svg, RatioLayout l, RatioPoint p) {
        double y = l.y(p);
        if (l.series().indexOf(p.series()) == 0) {
            svg.append("<text x=\"")
                    .append(l.left() - 6)
                    .append("\" y=\"")
                    .append(fmt(y + 3))
                    .append("\" font-size=\"10\" text-anchor=\"end\">")
                    .append(escape(p.row()))
                    .append("</text>\n");
        }
        if (!Double.isNaN(p.low())) {
            svg.append("<line class=\"ci\" x1=\"")
                    .append(fmt(l.x(p.low())))
                    .append("\" x2=\"")
                    .append(fmt(l.x(p.high())))
                    .append("\" y1=\"")
                    .append(fmt(y))
                    .append("\" y2=\"")
                    .append(fmt(y))
                    .append("\" stroke=\"")
                    .append(p.color())
                    .append("\" stroke-width=\"2\"/>\n");
        }
        if (!Double.isNaN(p.estimate())) {
            svg.append("<circle data-series=\"")
                    .append(escape(p.series()))
                    .append("\" data-value=\"")
                    .append(String.format(Locale.ROOT, "%.3f", p.estimate()))
                    .append("\" cx=\"")
                    .append(fmt(l.x(p.estimate())))
                    .append("\" cy=\"")
                    .append(fmt(y))
                    .append("\" r=\"3.5\" fill=\"")
                    .append(p.color())
                    .append("\"><title>")
                    .append(escape(p.series() + " " + p.row() + ": "
                            + String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", p.estimate(), p.low(), p.high())))
                    .append("</title></circle>\n");
        }
    }

    /** An SVG element of {@code width} × {@code height} px, its title at the top. */
    private static StringBuilder head(String id, String title, int width, int height) {
        return new StringBuilder(4096)
                .append("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"")
                .append(id)
                .append("\" width=\"")
                .append(width)
                .append("\" height=\"")
                .append(height)
                .append("\" viewBox=\"0 0 ")
                .append(width)
                .append(' ')
                .append(height)
                .append("\" font-family=\"sans-serif\">\n<text x=\"")
                .append(width / 2)
                .append("\" y=\"16\" font-size=\"13\" text-anchor=\"middle\" font-weight=\"bold\">")
                .append(escape(title))
                .append("</text>\n");
    }

    private static StringBuilder open(String id, String title, String yLabel, double maxY) {
        StringBuilder svg = head(id, title, W, H);
        for (int i = 0; i <= 4; i++) {
            double v = maxY * i / 4;
            double y = py(v, maxY);
            svg.append("<line x1=\"")
                    .append(LEFT)
                    .append("\" x2=\"")
                    .append(W - RIGHT)
                    .append("\" y1=\"")
                    .append(fmt(y))
                    .append("\" y2=\"")
                    .append(fmt(y))
                    .append("\" stroke=\"#ddd\"/>")
                    .append("<text x=\"")
                    .append(LEFT - 4)
                    .append("\" y=\"")
                    .append(fmt(y + 3))
                    .append("\" font-size=\"10\" text-anchor=\"end\">")
                    .append(label(v))
                    .append("</text>\n");
        }
        svg.append("<text transform=\"translate(12,")
                .append(TOP + (H - TOP - BOTTOM) / 2)
                .append(") rotate(-90)\" font-size=\"10\" text-anchor=\"middle\">")
                .append(escape(yLabel))
                .append("</text>\n");
        return svg;
    }

    /** One chart as a file of its own: on white, as a chart is otherwise meant to sit in an HTML page. */
    public static String standalone(String chart) {
        int open = chart.indexOf('>') + 1;
        return chart.substring(0, open) + "\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>"
                + chart.substring(open);
    }

    /**
     * One standalone SVG file holding {@code charts} side by side under a title and subtitle, on white
     * (a chart on its own is meant to sit in an HTML page).
     */
    public static String document(String title, String subtitle, String... charts) {
        int width = W * charts.length, head = 44;
        StringBuilder svg = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(width)
                .append("\" height=\"")
                .append(H + head)
                .append("\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n")
                .append("<text x=\"8\" y=\"18\" font-size=\"14\">")
                .append(escape(title))
                .append("</text>\n")
                .append("<text x=\"8\" y=\"35\" font-size=\"10\" fill=\"#555\">")
                .append(escape(subtitle))
                .append("</text>\n");
        for (int i = 0; i < charts.length; i++) {
            svg.append("<g transform=\"translate(")
                    .append(i * W)
                    .append(',')
                    .append(head)
                    .append(")\">\n")
                    .append(charts[i])
                    .append("\n</g>\n");
        }
        return svg.append("</svg>\n").toString();
    }

    /** Data x to pixels: linear or log10 from {@code min} to {@code max} across the plot. */
    private static DoubleUnaryOperator xScale(boolean log, double min, double max) {
        double plotW = W - LEFT - RIGHT;
        if (log) {
            double lo = Math.log10(min), hi = Math.log10(max);
            return x -> LEFT + (hi == lo ? plotW / 2 : (Math.log10(x) - lo) / (hi - lo) * plotW);
        }
        return x -> LEFT + (max == min ? plotW / 2 : (x - min) / (max - min) * plotW);
    }

    private static void axisX(StringBuilder svg, String xLabel, double[] ticks, DoubleUnaryOperator px) {
        for (double v : ticks) {
            svg.append("<text x=\"")
                    .append(fmt(px.applyAsDouble(v)))
                    .append("\" y=\"")
                    .append(H - BOTTOM + 14)
                    .append("\" font-size=\"10\" text-anchor=\"middle\">")
                    .append(label(v))
                    .append("</text>\n");
        }
        svg.append("<text x=\"")
                .append(LEFT + (W - LEFT - RIGHT) / 2)
                .append("\" y=\"")
                .append(H - BOTTOM + 28)
                .append("\" font-size=\"10\" text-anchor=\"middle\">")
                .append(escape(xLabel))
                .append("</text>\n");
    }

    private static void legend(StringBuilder svg, List<String[]> entries) {
        int x = LEFT;
        for (String[] e : entries) {
            svg.append("<line x1=\"")
                    .append(x)
                    .append("\" x2=\"")
                    .append(x + 16)
                    .append("\" y1=\"")
                    .append(H - 8)
                    .append("\" y2=\"")
                    .append(H - 8)
                    .append("\" stroke=\"")
                    .append(e[1])
                    .append("\" stroke-width=\"3\"")
                    .append(e[2].isEmpty() ? "" : " stroke-dasharray=\"" + e[2] + "\"")
                    .append("/>")
                    .append("<text x=\"")
                    .append(x + 20)
                    .append("\" y=\"")
                    .append(H - 4)
                    .append("\" font-size=\"10\">")
                    .append(escape(e[0]))
                    .append("</text>\n");
            x += 28 + 6 * e[0].length();
        }
    }

    private static double py(double y, double maxY) {
        return H - BOTTOM - y / maxY * (H - TOP - BOTTOM);
    }

    public static double niceCeiling(double v) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(v)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
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
        if (v != Math.rint(v) && Math.abs(v) < 1) {
            return String.format(Locale.ROOT, "%.2f", v); // sub-millisecond ticks of the probe
        }
        return fmt(v);
    }

    public static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    public static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
