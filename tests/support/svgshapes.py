"""Reading back what a map SVG draws: its elements by attribute, and whether a point lies
inside a drawn region (the path data of diplomacy_map: M/L polylines closed by Z)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
Point = tuple[float, float]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_attribute(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.attrib]


def loops(path_data: str) -> list[list[Point]]:
    out: list[list[Point]] = []
    for part in path_data.split("M")[1:]:
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", part)]
        out.append(list(zip(numbers[0::2], numbers[1::2])))
    return out


def inside(point: Point, path_data: str) -> bool:
    """Even-odd ray casting over every loop of the path (holes are loops too)."""
    x, y = point
    crossings = 0
    for loop in loops(path_data):
        for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                crossings += 1
    return crossings % 2 == 1


def translation(element: ET.Element) -> Point:
    match = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", element.attrib["transform"])
    assert match, element.attrib
    return float(match.group(1)), float(match.group(2))
