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

    record Bars(String name, String color, double[] values) {
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
                    .append("\" fill=\"none\" stroke=\"").append(s.color()).append("\" stroke-width=\"1.8\"")
                    .append(s.dashed() ? " stroke-dasharray=\"5 3\"" : "").append(" points=\"");
            for (int i = 0; i < s.x().length; i++) {
                svg.append(fmt(px(s.x()[i], maxX))).append(',').append(fmt(py(s.y()[i], maxY))).append(' ');
            }
            svg.append("\"/>\n");
        }
        legend(svg, series.stream().map(s -> new String[]{s.name(), s.color(), s.dashed() ? "5 3" : ""}).toList());
        return svg.append("</svg>").toString();
    }

    static String bars(String id, String title, String yLabel, List<String> groups, List<Bars> bars) {
        double maxY = 1;
        for (Bars b : bars) {
            for (double v : b.values()) {
                maxY = Math.max(maxY, v);
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
            }
            svg.append("<text x=\"").append(fmt(gx + groupW * 0.4)).append("\" y=\"").append(H - BOTTOM + 14)
                    .append("\" font-size=\"10\" text-anchor=\"middle\">").append(escape(groups.get(g))).append("</text>\n");
        }
        legend(svg, bars.stream().map(b -> new String[]{b.name(), b.color(), ""}).toList());
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
