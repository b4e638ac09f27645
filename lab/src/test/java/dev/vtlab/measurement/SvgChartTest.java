package dev.vtlab.measurement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class SvgChartTest {

    private static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static double[] xs(Element polyline) {
        String[] points = polyline.getAttribute("points").trim().split(" ");
        double[] x = new double[points.length];
        for (int i = 0; i < points.length; i++) {
            x[i] = Double.parseDouble(points[i].split(",")[0]);
        }
        return x;
    }

    @Test
    void aLogAxisSpacesEachDecadeEqually() throws Exception {
        SvgChart.Series s =
                new SvgChart.Series("s", "#000", false, new double[] {0.01, 0.1, 1, 10}, new double[] {1, 2, 3, 4});
        Element line = (Element) parse(SvgChart.line(
                        "c", "t", "x", "y", List.of(s), SvgChart.Axes.logX(new double[] {0.01, 10}, 5, List.of())))
                .getElementsByTagName("polyline")
                .item(0);
        double[] x = xs(line);
        assertEquals(x[1] - x[0], x[2] - x[1], 0.2);
        assertEquals(x[2] - x[1], x[3] - x[2], 0.2);
    }

    @Test
    void aLinearAxisStartsAtZero() throws Exception {
        SvgChart.Series s = new SvgChart.Series("s", "#000", false, new double[] {0, 50, 100}, new double[] {1, 2, 3});
        double[] x = xs((Element) parse(SvgChart.line("c", "t", "x", "y", List.of(s)))
                .getElementsByTagName("polyline")
                .item(0));
        assertEquals(x[1] - x[0], x[2] - x[1], 0.2);
    }

    @Test
    void aDocumentHoldsItsChartsAndBandsOnWhite() throws Exception {
        SvgChart.Series s = new SvgChart.Series("s", "#000", true, new double[] {0.1, 1}, new double[] {60, 90});
        String chart = SvgChart.line(
                "a",
                "t",
                "x",
                "y",
                List.of(s),
                SvgChart.Axes.logX(
                        new double[] {0.1, 1}, 120, List.of(new SvgChart.Band("published", 50, 55, "#f80"))));
        Document doc = parse(SvgChart.document("title & more", "sub", chart, chart));
        assertEquals("svg", doc.getDocumentElement().getNodeName());
        assertEquals(2, doc.getElementsByTagName("polyline").getLength());
        assertEquals(4, doc.getElementsByTagName("circle").getLength(), "a dot per point when asked");
        assertTrue(doc.getDocumentElement().getTextContent().contains("title & more"));
        assertTrue(doc.getDocumentElement().getTextContent().contains("published"));
    }
}
