"""randomized_response 页面的中文文本（与 ui/text/randomized_response.py 的键和占位符一一对应）。"""

TEXT: dict[str, str] = {
    "title": "随机响应：在自己的设备上保护隐私",
    "intro": (
        "随机响应保护的是不信任数据收集者的人。每个人在发送前先把自己的答案随机化，所以离开设备的答案"
        "可能是假的，收集者永远无法得知任何一个人的真实答案。由于说假话的概率是已知的，收集者仍能校正"
        "总数，估计出每种答案有多常见。"
    ),
    "tab_protocol": "掷硬币协议",
    "tab_book": "教材中的实例",
    "tab_column": "你的数据",
    "tab_local": "本地与中心化",
    # --- protocol
    "protocol_intro": (
        "每个受访者掷一枚正面朝上概率为 p 的硬币。正面：如实回答。反面：给出相反的答案。把均匀硬币掷两次，"
        "或者掷骰子，可以实现许多不同的 p（例如课程中的掷骰规则以 1/36 的概率输出 1）。设置 p 或 ε 均可，"
        "另一个随之变化：ε = ln(p / (1 − p))，p = e^ε / (e^ε + 1)。"
    ),
    "p": "如实回答的概率 p",
    "p_help": "必须严格介于 0.5 与 1 之间：为 0.5 时答案纯属随机，为 1 时毫无隐私。",
    "eps": "隐私预算 ε",
    "eps_help": "ε = ln(p / (1 − p))。输入一个值即可据此设定 p。",
    "eps_rejected": "{message} p 保持为 {p}。",
    "p_eps_link": (
        "当 p = {p} 时：ε = ln(p / (1 − p)) = ln({p} / {q}) = **{eps}**。真实答案被上报的可能性是"
        "相反答案的 {ratio} 倍，而 e^ε = {ratio} 恰好是 ε-本地化差分隐私所允许的上限。"
    ),
    "one_title": "一名受访者",
    "one_truth": "受访者的真实答案",
    "answer_yes": "是",
    "answer_no": "否",
    "one_button": "掷硬币",
    "one_reset": "重新开始",
    "one_prompt": "点击按钮：受访者掷硬币并作答。每次投掷都由种子生成。",
    "one_heads": (
        "第 {i} 次投掷：受访者的真实答案是 **{truth}**。硬币**正面**朝上（概率 {p}），"
        "因此如实上报 **{reported}**。"
    ),
    "one_tails": (
        "第 {i} 次投掷：受访者的真实答案是 **{truth}**。硬币**反面**朝上（概率 {q}），"
        "因此上报相反的答案：**{reported}**。"
    ),
    "one_tally": "目前共 {tosses}：{heads}（占比 {share}，而 p = {p}）；{changed}。",
    "tosses_one": "1 次投掷",
    "tosses_many": "{n} 次投掷",
    "heads_one": "正面 1 次",
    "heads_many": "正面 {n} 次",
    "changed_one": "1 次上报与真实答案不同",
    "changed_many": "{n} 次上报与真实答案不同",
    "survey_title": "n 名受访者的调查",
    "survey_n": "受访者人数 n",
    "survey_share": "其中真实答案为“是”的比例",
    "survey_chart_title": "收集者看到什么，\n又能推算出什么",
    "survey_chart_share": "（真实“是”的比例：{share}）",
    "survey_axis": "“是”的比例",
    "row_truth": "真实比例",
    "row_raw": "上报“是”的原始比例",
    "row_corrected": "校正后的估计（95% 区间）",
    "row_title": "数值",
    "survey_result": (
        "{respondents}中，{n_true}（比例 {truth}）。有 {n_yes} 人上报“是”：原始比例为 {raw}，"
        "被硬币拉向 1/2。校正后得到 "
        "π̂ = (p − 1)/(2p − 1) + n₁/((2p − 1) n) = ({p} − 1)/{den} + {n_yes}/({den} × {n}) "
        "= **{est}**，标准误差为 {se}，95% 区间为 [{low}, {high}]。"
    ),
    "respondents_one": "1 名受访者",
    "respondents_many": "{n} 名受访者",
    "say_yes_one": "{n} 人的真实答案为“是”",
    "say_yes_many": "{n} 人的真实答案为“是”",
    "survey_outside": "校正后的估计是无偏的，没有截断，因此受访者较少时它可能小于 0 或大于 1。",
    "simulation": "模拟：硬币结果由 numpy 随机数生成器根据侧边栏中的种子生成。",
    # --- the book's example
    "book_intro": (
        "课程中的实例（6.4.2 节）：20 人，真实为男 {male} 人、女 {female} 人。每人以概率 p = {p} "
        "上报真实性别，以概率 {q} 上报另一性别。收集者收到 {rep_male} 个“男”和 {rep_female} 个“女”，"
        "并进行校正："
    ),
    "book_male": "男：[{n} × ({p} − 1) + {n1}] / ({p} × 2 − 1) = {num} / {den} ≈ **{value:.1f}**（{value:.2f}）",
    "book_female": "女：[{n} × ({p} − 1) + {n1}] / ({p} × 2 − 1) = {num} / {den} ≈ **{value:.1f}**（{value:.2f}）",
    "book_close": "正如课程所说，校正后的计数与真实值（16 和 4）很接近，尽管收集者从未见过任何一个真实答案。",
    "book_col_group": "组别",
    "book_col_true": "真实计数",
    "book_col_reported": "上报计数",
    "book_col_corrected": "校正后计数",
    "book_male_label": "男",
    "book_female_label": "女",
    "book_rerun_title": "用真实的掷硬币重做这次调查",
    "book_rerun": (
        "使用种子 {seed}，20 枚硬币得到 {rep_male} 个“男”和 {rep_female} 个“女”的上报，"
        "校正为男 {male:.2f}、女 {female:.2f}。在侧边栏更换种子试试：只有 20 人时，"
        "校正结果波动很大（其标准误差为 {se:.1f} 人）。"
    ),
    # --- your data
    "column_intro": (
        "当前数据集的每一行扮演一个人，由他自己把答案随机化。若只有两种可能的答案，这就是掷硬币协议；"
        "若有 k 种答案，就是广义随机响应：以概率 p = e^ε / (e^ε + k − 1) 上报真实答案，否则上报其他 "
        "k − 1 种答案之一，每种的概率为 q = (1 − p) / (k − 1)。收集者用 "
        "f̂ = (观察到的比例 − q) / (p − q) 校正每个比例。"
    ),
    "column": "列",
    "column_epsilon": "每人的隐私预算 ε",
    "no_column": "该数据集没有取值个数在 2 到 {max} 之间的列，因此没有可随机化的内容。请在侧边栏选择其他数据集。",
    "column_method": (
        "{method}：{who}以概率 p = {p} 上报真实值，"
        "以概率 q = {q} 上报其他每个值（ε = {eps}）。"
    ),
    "method_binary": "二元随机响应",
    "method_general": "广义随机响应（k = {k}）",
    "who_one": "这 1 人",
    "who_many": "{n} 人各自",
    "column_chart_title": "{column} 的真实、原始\n与校正后频率",
    "category_axis": "值",
    "frequency_axis": "频率",
    "bar_truth": "真实",
    "bar_raw": "原始（收集者所见）",
    "bar_corrected": "校正后（95% 区间）",
    "bar_title": "频率",
    "col_value": "值",
    "col_true_count": "真实计数",
    "col_true": "真实频率",
    "col_raw": "原始频率",
    "col_corrected": "校正后频率",
    "col_half": "± 95%",
    "column_errors": (
        "本次运行中，校正后频率的误差为 {rmse}（均方根）。原始比例的误差为 {raw_rmse}："
        "它们被拉向 1/k = {uniform}，只有真实分布接近均匀时才显得准确。"
    ),
    "error_chart_title": "频率的典型误差\n随人数的变化",
    "people_axis": "人数 n",
    "error_axis": "典型误差（均方根）",
    "curve_local": "本地，ε = {eps}",
    "curve_local_chosen": "本地，你的 ε",
    "curve_central": "中心化，你的 ε",
    "curve_title": "模型与 ε",
    "this_run_note": "本次运行：\nn = {n}，ε = {eps}",
    "error_summary": (
        "当 n = {n} 人、ε = {eps} 时，随机响应对每个频率的误差约为 {local}；而在直方图页面的中心化模型中，"
        "可信的数据管理者只对真实计数加一次拉普拉斯噪声，误差约为 {central}。图中的“你的 ε”就是上面"
        "选择的 ε。本地化隐私以准确度为代价：其误差按 1/√n 缩小，而中心化模型按 1/n 缩小。"
    ),
    "column_public": "可能的取值是该数据集声明的公开列表，因此 k 不依赖于数据。",
    "column_private": (
        "可能的取值（以及 k）取自该列本身。真实调查中这些取值要事先确定，因为每个人作答前都需要知道它们。"
    ),
    "column_left_out": "未随机化：{missing}的值缺失，{outside}的值不在公开列表中。",
    "bars_truncated": "图中显示 {total} 个值中的前 {shown} 个；表格列出全部取值。",
    # --- local versus central
    "local_sentence": (
        "在中心化模型（直方图页面）中，可信的数据管理者看到每个真实答案，并对结果加一次噪声；"
        "在本地模型中，每个人在发送前先随机化，收集者看不到任何真实答案，也无需信任任何人。"
    ),
    "to_histogram": "在直方图页面查看中心化模型",
    "local_more": (
        "谷歌的 RAPPOR 和苹果的 CMS（计数均值草图）在手机上使用本地随机化；洗牌模型（ESA、Prochlo）"
        "加入一个匿名化的洗牌器，从而所需的噪声更少。"
    ),
    "diagram_title": "谁能看到真实答案",
    "diagram_central": "中心化模型：信任数据管理者",
    "diagram_local": "本地模型：不信任任何人",
    "diagram_person": "个人",
    "diagram_curator": "可信的\n数据管理者\n加一次噪声",
    "diagram_collector": "收集者\n（看不到\n真实答案）",
    "diagram_true_answers": "真实答案",
    "diagram_randomized": "随机化的答案",
    "diagram_coin": "掷\n硬币",
    "diagram_noisy_total": "加噪\n计数",
    "diagram_estimate": "校正后\n计数",
}
