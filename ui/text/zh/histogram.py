"""histogram 页面的中文文本（与 ui/text/histogram.py 的键和占位符一一对应）。"""

TEXT: dict[str, str] = {
    "title": "直方图及其相邻数据集",
    "intro": (
        "直方图发布时，每个柱子都加了噪声。旁边是在相邻数据集 D′ 上算出的同一发布，"
        "D′ 中删除或更改了一个人。差分隐私意味着这两个发布很难区分。"
    ),
    "tab_histogram": "直方图与相邻数据集",
    "tab_zoo": "动物园计数（实验 6-1）",
    "section_data": "1. 统计什么",
    "section_neighbour": "2. 相邻数据集 D′",
    "column": "列",
    "mode": "分箱",
    "mode_bounds": "按公开上下界等宽分箱",
    "mode_categories": "声明的类别",
    "lower": "下界",
    "upper": "上界",
    "bins": "分箱数",
    "categories": "类别（全部类别，包括空的）",
    "why_public_bins_title": "为什么要用公开的上下界和类别？",
    "why_public_bins": (
        "为什么要用公开的上下界？如果分箱依据数据的最小值和最大值，发布就会泄露这些值，"
        "而它们属于真实的人。上下界和类别必须来自公开知识（例如：年龄在 0 到 120 之间）。"
        "每个声明的分箱都会发布，空的也不例外：如果发布只列出非空的分箱，"
        "攻击者就能确定每个分箱里都有人。"
    ),
    "data_hint_categories": "已预先填入文件中出现的类别，所以这个列表本身不满足差分隐私，编辑之后也一样：可以在这里画图，但不能发布。要声明类别，请按“清空列表，输入我自己的类别”，然后输入公开知识中所有可能的类别，包括空的。",
    "categories_type": "输入公开知识中的每个类别并按回车，包括空的类别。",
    "categories_clear": "清空列表，输入我自己的类别",
    "left_out": "未计入：{missing:,} 个缺失值，以及 {outside:,} 个不在声明类别中的值。",
    "clamped": "有 {clamped:,} 个值超出公开上下界 {lower:g} 至 {upper:g}，已归入两端的柱子。如果数量很多，请放宽上下界（依据公开知识，而不是数据）。",
    "bounds_needed": "这一列还没有公开的上下界。请根据关于它的公开知识设定下界和上界（切勿使用数据自身的最小值和最大值，它们属于真实的人）。",
    "bounds_typical": "使用常见的公开上下界 {lower:g} 至 {upper:g}",
    "bounds_typical_help": "依据公开定义，这一名称的列常用的上下界。",
    "band_explained": "粉色带标出柱子“{label}”，这是 D 与 D′ 唯一不同的柱子：相差一个人。",
    "neighbour_kind": "D′ 与 D 有何不同",
    "neighbour_course": "课程中的相邻数据集文件（{file}）",
    "neighbour_remove": "删除一条记录（增删型相邻）",
    "neighbour_replace": "更改一条记录（替换型相邻）",
    "row": "记录（行号，从 0 开始）",
    "record_shown": "被删除或更改的记录：",
    "new_value": "它的新值",
    "sensitivity_remove": "增删型相邻：一个人只影响一个柱子，所以直方图的敏感度为 Δ₁ = 1（Δ₂ = 1）。",
    "sensitivity_replace": "替换型相邻：一个柱子少一个人，另一个柱子多一个人，所以敏感度为 Δ₁ = 2（Δ₂ = √2 ≈ 1.41）。同样的 ε 下，噪声加倍。",
    "sensitivity_course": "课程中的相邻数据集删除了一个人，所以直方图的敏感度为 Δ₁ = 1（Δ₂ = 1）。",
    "not_neighbours": "在这个直方图中，这两个文件相差 {l1:g} 人，所以它们不是相邻数据集：相邻数据集只相差一个人。",
    "same_histograms": "在这些分箱下，D 和 D′ 的直方图相同，因此这里无法区分它们。换一条记录或新值，就能看到差异。",
    "noise_scale": "每个柱子的噪声：{kind}，尺度 {scale}（标准差 {std}），校准方式：{calibration}。",
    "calibration_laplace": "b = Δ₁/ε",
    "calibration_discrete_laplace": "t = Δ₁/ε",
    "calibration_gaussian-analytic": "解析高斯（Balle 与 Wang 2018，精确）",
    "calibration_gaussian-classic": "经典公式 σ = Δ₂·√(2 ln(1.25/δ))/ε",
    "noisy_d": "D（加噪）",
    "noisy_dp": "D′（加噪）",
    "true_title": "真实直方图：D 与 D′",
    "noisy_title": "ε = {eps} 时的加噪计数（±95%）",
    "dist_title": "不同的那个柱子：D 与 D′ 下的输出",
    "dist_subtitle": "柱子“{label}”",
    "count_axis": "人数",
    "share_axis": "人数占比",
    "bin_axis": "分箱",
    "output_axis": "该柱子发布的加噪计数",
    "density_axis": "概率密度",
    "pmf_axis": "概率",
    "under_d": "D 下",
    "under_dp": "D′ 下",
    "observed_marker": "O = {observed:.1f}",
    "ratio": (
        "观察值 O = {observed} 在 D 下出现的可能性是在 D′ 下的 {ratio} 倍。"
        "ε-差分隐私把这个比值限制在 e^ε = {cap} 以内。"
    ),
    "ratio_gaussian_over": "这里的比值超过了 e^ε：高斯机制允许这种情况出现在总概率不超过 δ = {delta} 的输出上。",
    "utility_title": "准确度，通俗地说",
    "utility_expected": "平均而言，每个柱子偏差约 {n} 人。",
    "utility_expected_one": "平均而言，每个柱子偏差约 {n} 人。",
    "utility_interval": "95% 的情况下，一个柱子与真实值相差不超过 ±{half}。",
    "utility_l1": "这次抽样在所有柱子上的总误差（L1）：{n} 人。",
    "utility_l1_one": "这次抽样在所有柱子上的总误差（L1）：{n} 人。",
    "post_title": "后处理（不消耗隐私预算）",
    "post_note": "只用加噪的发布结果、不再查看数据算出的任何东西，都保持同样的隐私保证（后处理不变性，课程定理 6-1）。",
    "clamp": "把负计数截断为 0",
    "round": "取整",
    "normalise": "归一化为占比",
    "simulation_label": "加噪图表是用 numpy 和种子模拟的，所以相同的种子显示相同的画面。",
    "numbers_title": "图表背后的数字",
    "numbers_at": "ε = {eps} 时的数值，即图中所示。",
    "numbers_noisy_d": "D，加噪",
    "numbers_noisy_dp": "D′，加噪",
    "release_title": "真实发布",
    "release_note": "你下载的发布结果由 OpenDP 经过审查的采样器抽取，能抵御浮点数攻击，而不是用上面的模拟。它无法用种子复现，而且每抽取一次发布，都会再次消耗 ε（串行组合）。",
    "release_button": "抽取 D 的直方图发布",
    "release_download": "下载发布结果（CSV）",
    "release_undeclared": (
        "不能用这个列表发布：它的类别是从数据中读出的，所以列表本身不满足差分隐私"
        "（只有一个人拥有的类别，只在此人在数据中时才会出现，无论噪声多大）。"
        "要发布，请声明类别：按“清空列表，输入我自己的类别”，然后输入公开知识中所有可能的类别，包括空的。"
    ),
    "release_analytic": "发布时总是用解析公式校准高斯机制，它在每个 ε 下都是精确的；经典公式只用于图表中的比较。",
    "release_bins_catalog": "其分箱是数据集文档中列出的类别。",
    "release_bins_typed": "其分箱是你声明的类别。",
    "release_bins_public_bounds": "其分箱是在你设定的公开上下界上的等宽分箱。",
    "release_drawn": "已用 OpenDP 抽取发布（{kind}，ε = {epsilon:g}）。已应用上面所选的后处理。",
    "zoo_intro": (
        "课程实验 6-1：在 zoo.csv（D）和 zoo_nb.csv（D′，去掉了“Dugong”）上，统计每天吃超过 {threshold:g} 根胡萝卜的动物数量。"
        "方案一（交互式）对查询结果添加拉普拉斯噪声；方案二（非交互式）先对每条记录添加一次拉普拉斯噪声，"
        "再统计加噪后的记录。"
    ),
    "zoo_threshold": "统计每天吃胡萝卜超过此数的动物",
    "zoo_eps": "要比较的隐私预算 ε",
    "zoo_truth": "真实答案：D 上为 {d}，D′ 上为 {dp}。",
    "zoo_table_eps": "ε",
    "zoo_table_scheme": "方案",
    "zoo_table_d": "D 上的答案",
    "zoo_table_dp": "D′ 上的答案",
    "zoo_table_shows": "能看出差异？",
    "zoo_interactive": "1：对答案加噪",
    "zoo_noninteractive": "2：对每条记录加噪",
    "zoo_yes": "是",
    "zoo_no": "否",
    "zoo_reading": "ε = 10 时噪声很小，两个答案仍相差 1，与真实计数完全一致：“Dugong”的离开暴露了。ε = 0.1 时，噪声淹没了这一差异（课程中真实值 90 得到了 99）。",
    "zoo_sensitivity_note": "课程在方案二中对每条记录加 Lap(1/ε)。一条记录的胡萝卜数可以是 0 到 100 之间的任何值，所以要保护这个值本身，需要 Lap(100/ε)。",
    "zoo_chart_title": "D 与 D′ 上的加噪答案",
    "zoo_count_axis": "动物数量（加噪）",
    "zoo_pick_eps": "请至少选择一个 ε 进行比较。",
    "zoo_guarantee": (
        "**针对删除“Dugong”，每种方案实际提供什么保证。** 方案一满足 ε-差分隐私："
        "计数最多变化 1。方案二对每只动物的胡萝卜数加 Lap(1/ε)，能隐藏数值，"
        "却隐藏不了“Dugong”是否存在：它的加噪值仍有很大概率越过阈值。"
        "精确计算可知，方案二只满足 (ε, δ)-差分隐私，其中："
    ),
    "zoo_guarantee_row": "- ε = {eps} 时：δ = {delta}（这么大的 δ 意味着没有实际保护）",
}
